import { lazy } from 'react';

/** HeatSight with deck.gl and the offline world map, loaded when the route opens (spec 2: "a maps service script is loaded"). */
export const HeatSightPage = lazy(() =>
  import('./HeatSightPage').then((module) => ({ default: module.HeatSightPage })),
);
export { heatSightHref, ShowOnHeatSight } from './heatSightLink';
