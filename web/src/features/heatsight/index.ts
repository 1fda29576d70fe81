export { HeatSightRoute } from './HeatSightRoute';
export { heatSightHref, ShowOnHeatSight } from './heatSightLink';
