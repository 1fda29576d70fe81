/**
 * User Timing names of HeatSight's work, for benchmarks and DevTools (tests/bench/heatsight.bench.ts
 * reads them). Recorded with `recordMeasure` (lib/measures). This module imports nothing, so a
 * benchmark can import it outside the browser.
 */

/** The page taking a live heat from the fleet worker (the main thread's share); detail: HeatApplyDetail. */
export const HEATSIGHT_APPLY_MEASURE = 'halo:heatsight.apply';
/** deck.gl drawing one frame: onBeforeRender to onAfterRender (the layers' draw calls, and any wait for the GL). */
export const HEATSIGHT_DRAW_MEASURE = 'halo:heatsight.draw';
/** From the map's first render to the first frame drawn with heat on it, once per map; detail: HeatDrawnDetail. */
export const HEATSIGHT_FIRST_HEAT_MEASURE = 'halo:heatsight.firstHeat';

export interface HeatApplyDetail {
  /** Devices changed since the previous heat (every device after a snapshot or a new query). */
  readonly devices: number;
  /** The cells the heat holds (the layer's points). */
  readonly cells: number;
  readonly reset: boolean;
}

export interface HeatDrawnDetail {
  /** Points in the heat layer. */
  readonly points: number;
}
