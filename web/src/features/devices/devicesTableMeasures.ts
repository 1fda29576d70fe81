/**
 * User Timing names of the Devices table's work on each live batch, for benchmarks and DevTools
 * (tests/bench/devices-table.bench.ts reads them). Recorded with `recordMeasure` (lib/measures).
 * This module imports nothing, so a benchmark can import it outside the browser.
 */

/** Applying one frame's batch to the table's rows (DevicesTableModel.applyLive); detail: DevicesBatchDetail. */
export const DEVICES_APPLY_LIVE_MEASURE = 'halo:devices.applyLive';
/** React rendering and committing the cells that batch changed, from the end of applyLive. */
export const DEVICES_RENDER_MEASURE = 'halo:devices.render';

/** What an applyLive measure carries: how many devices the batch changed or removed. */
export interface DevicesBatchDetail {
  readonly devices: number;
  readonly reset: boolean;
}
