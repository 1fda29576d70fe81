import { encodeHistorySamples, type BoundingBox } from '@halo/shared';
import { extentOf, historySampleOf, type HistorySampleRow } from '../../store/positionSamples.js';

/** The extent of an answer with no rows. */
export const NO_EXTENT: BoundingBox = { west: 0, south: 0, east: 0, north: 0 };

/** The window a raw answer is quantised over (epoch ms). */
export interface RawSamplesWindow {
  readonly from: number;
  readonly to: number;
}

/**
 * A window's raw samples as HeatSight's binary answer, made from their rows where they were
 * read (a read worker, see readShapers.ts): only the bytes (8 a sample) cross to the request
 * loop, which neither turns the rows into objects nor encodes them (2 million samples held it
 * 11-16 s). A Uint8Array crosses a worker's boundary as it is.
 */
export function rawSamplesBinary(rows: readonly HistorySampleRow[], window: RawSamplesWindow): Uint8Array {
  const samples = rows.map(historySampleOf);
  return encodeHistorySamples({ ...window, extent: extentOf(samples) ?? NO_EXTENT }, samples);
}
