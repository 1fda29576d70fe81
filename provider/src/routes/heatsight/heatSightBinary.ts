import { encodeHistoryCells, encodeHistorySamples, type BoundingBox } from '@halo/shared';
import { historyCellsOf, type CellsOfWindow, type RollupRow } from '../../store/positionRollups.js';
import { extentOf, historySampleOf, type HistorySampleRow } from '../../store/positionSamples.js';

/*
 * HeatSight's binary answers made from their rows where they were read (read shapers, see
 * readShapers.ts): in a read worker only the bytes cross to the request loop (a Uint8Array
 * crosses a worker's boundary as it is), which neither turns rows into objects nor encodes.
 */

/** The extent of an answer with no rows. */
export const NO_EXTENT: BoundingBox = { west: 0, south: 0, east: 0, north: 0 };

/** The window a raw answer is quantised over (epoch ms). */
export interface RawSamplesWindow {
  readonly from: number;
  readonly to: number;
}

/** A window's raw samples as the binary answer, 8 bytes a sample (2 million on the request loop held it 11-16 s). */
export function rawSamplesBinary(rows: readonly HistorySampleRow[], window: RawSamplesWindow): Uint8Array {
  const samples = rows.map(historySampleOf);
  return encodeHistorySamples({ ...window, extent: extentOf(samples) ?? NO_EXTENT }, samples);
}

/**
 * A window's cells as the binary answer, from a rollup level's rows (up to ROLLUP_READ_LIMIT:
 * 300 ms of the request loop on a busy day's window). An empty window answers as it always
 * did: no samples.
 */
export function rolledUpCellsBinary(rows: readonly RollupRow[], window: CellsOfWindow): Uint8Array {
  const cells = historyCellsOf(rows, window);
  const extent = extentOf(cells);
  const frame = { from: window.from, to: window.to };
  return extent
    ? encodeHistoryCells({ ...frame, extent }, cells)
    : encodeHistorySamples({ ...frame, extent: NO_EXTENT }, []);
}
