/**
 * The console's maps' common ground (HeatSight, a device's track): the offline world, MapLibre's
 * style when one is configured. deck.gl comes with it: import it only from code loaded with its
 * route, never from the app's first chunk.
 */
export type { StyleBasemapProps } from './StyleBasemap';
export { StyleBasemapSlot } from './StyleBasemapSlot';
export { rgba, worldLayers, type Rgba } from './worldLayers';
