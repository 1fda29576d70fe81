import type { BoundingBox } from './heatSight.js';

/**
 * HeatSight history on the wire: a 64-byte header and columns of small integers, 8 bytes per
 * sample (or 13 per aggregated cell), instead of a JSON object per point.
 *
 * Header (little endian): u32 format version, u32 mode (0 samples, 1 cells), u32 rows,
 * u32 samples represented, f64 from, f64 to, f64 west, south, east, north (the extent the
 * positions are quantised over).
 * Columns, rows ordered by time: cells only: u32 count. Then u16 x, u16 y (position in the
 * extent, 0..65535), u16 t (time in [from, to], 0..65535). Samples: u8 links (online << 4 |
 * total, each at most 15), u8 signal (0-100, 255 none). Cells: u8 share of samples with no
 * link, u8 share of links down (both 0..255 for 0..1), u8 mean signal (255 none).
 */

export const HEATSIGHT_FORMAT_VERSION = 1;
export const HEATSIGHT_CONTENT_TYPE = 'application/octet-stream';
export const HEATSIGHT_HEADER_BYTES = 64;
const STEPS = 65_535;
const NO_SIGNAL = 255;
const SHARE_STEPS = 255;
const LINK_MAX = 15;

export type HeatSightMode = 'samples' | 'cells';

/** One sample as stored. */
export interface HistorySample {
  readonly longitude: number;
  readonly latitude: number;
  readonly time: number;
  readonly connected: boolean;
  readonly linksOnline: number;
  readonly linksTotal: number;
  readonly bestSignal: number | null;
}

/** Samples aggregated over a grid cell and a time bucket. */
export interface HistoryCell {
  readonly longitude: number;
  readonly latitude: number;
  readonly time: number;
  readonly count: number;
  /** Share (0..1) of the cell's samples with no link. */
  readonly noLink: number;
  /** Share (0..1) of the cell's links that were down. */
  readonly linksDown: number;
  /** Mean best signal of the samples that had one; null when none did. */
  readonly signal: number | null;
}

interface Frame {
  readonly from: number;
  readonly to: number;
  readonly extent: BoundingBox;
}

/** The history as the map uses it: plain typed arrays, ready to hand to deck.gl as attributes. */
export interface HeatSightHistory extends Frame {
  readonly mode: HeatSightMode;
  readonly rows: number;
  /** Samples the rows stand for (the rows themselves when mode is 'samples'). */
  readonly samples: number;
  /** Longitude, latitude per row. */
  readonly positions: Float32Array;
  /** Epoch milliseconds per row, ascending. */
  readonly times: Float64Array;
  /** Samples per row (1 for samples). */
  readonly counts: Uint32Array;
  /** Share of samples with no link, 0..1. */
  readonly noLink: Float32Array;
  /** Share of links down, 0..1. */
  readonly linksDown: Float32Array;
  /** Signal 0..100; NaN where there was none. */
  readonly signal: Float32Array;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function quantise(value: number, min: number, max: number): number {
  const span = max - min;
  return span > 0 ? Math.round(clamp((value - min) / span, 0, 1) * STEPS) : 0;
}

const restore = (step: number, min: number, max: number) => min + (step / STEPS) * (max - min);

type Row = HistorySample | HistoryCell;

function encode(mode: HeatSightMode, frame: Frame, input: readonly Row[], represented: number): Uint8Array {
  const rows = [...input].sort((a, b) => a.time - b.time);
  const count = rows.length;
  const perRow = mode === 'samples' ? 8 : 13;
  const buffer = new ArrayBuffer(HEATSIGHT_HEADER_BYTES + count * perRow);
  const header = new DataView(buffer, 0, HEATSIGHT_HEADER_BYTES);
  header.setUint32(0, HEATSIGHT_FORMAT_VERSION, true);
  header.setUint32(4, mode === 'samples' ? 0 : 1, true);
  header.setUint32(8, count, true);
  header.setUint32(12, represented, true);
  const { from, to, extent } = frame;
  [from, to, extent.west, extent.south, extent.east, extent.north].forEach((value, index) =>
    header.setFloat64(16 + index * 8, value, true),
  );
  let offset = HEATSIGHT_HEADER_BYTES;
  if (mode === 'cells') {
    const counts = new DataView(buffer, offset, count * 4);
    rows.forEach((row, index) => counts.setUint32(index * 4, Math.min(0xffffffff, (row as HistoryCell).count), true));
    offset += count * 4;
  }
  const u16 = new DataView(buffer, offset, count * 6);
  rows.forEach((row, index) => {
    u16.setUint16(index * 2, quantise(row.longitude, extent.west, extent.east), true);
    u16.setUint16((count + index) * 2, quantise(row.latitude, extent.south, extent.north), true);
    u16.setUint16((2 * count + index) * 2, quantise(row.time, from, to), true);
  });
  offset += count * 6;
  const bytes = new Uint8Array(buffer, offset, count * (perRow - (mode === 'cells' ? 10 : 6)));
  rows.forEach((row, index) => {
    if (mode === 'samples') {
      const sample = row as HistorySample;
      const online = clamp(Math.round(sample.connected ? sample.linksOnline : 0), 0, LINK_MAX);
      const total = clamp(Math.round(sample.linksTotal), 0, LINK_MAX);
      bytes[index] = (online << 4) | total;
      bytes[count + index] = sample.bestSignal === null ? NO_SIGNAL : clamp(Math.round(sample.bestSignal), 0, 100);
    } else {
      const cell = row as HistoryCell;
      bytes[index] = Math.round(clamp(cell.noLink, 0, 1) * SHARE_STEPS);
      bytes[count + index] = Math.round(clamp(cell.linksDown, 0, 1) * SHARE_STEPS);
      bytes[2 * count + index] = cell.signal === null ? NO_SIGNAL : clamp(Math.round(cell.signal), 0, 100);
    }
  });
  return new Uint8Array(buffer);
}

/** Samples one by one (a window that holds few enough). */
export function encodeHistorySamples(frame: Frame, samples: readonly HistorySample[]): Uint8Array {
  return encode('samples', frame, samples, samples.length);
}

/** Aggregated cells (a window that holds more samples than the map needs). */
export function encodeHistoryCells(frame: Frame, cells: readonly HistoryCell[]): Uint8Array {
  return encode(
    'cells',
    frame,
    cells,
    cells.reduce((total, cell) => total + cell.count, 0),
  );
}

export class HeatSightFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HeatSightFormatError';
  }
}

/** Reads an answer of the samples call; throws HeatSightFormatError on anything else. */
export function decodeHistory(data: ArrayBuffer | Uint8Array): HeatSightHistory {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.byteLength < HEATSIGHT_HEADER_BYTES) throw new HeatSightFormatError('HeatSight answer too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(0, true);
  if (version !== HEATSIGHT_FORMAT_VERSION) throw new HeatSightFormatError(`HeatSight format ${version} unknown`);
  const modeCode = view.getUint32(4, true);
  if (modeCode !== 0 && modeCode !== 1) throw new HeatSightFormatError(`HeatSight mode ${modeCode} unknown`);
  const mode: HeatSightMode = modeCode === 0 ? 'samples' : 'cells';
  const rows = view.getUint32(8, true);
  const samples = view.getUint32(12, true);
  const [from, to, west, south, east, north] = [0, 1, 2, 3, 4, 5].map((index) =>
    view.getFloat64(16 + index * 8, true),
  ) as [number, number, number, number, number, number];
  const perRow = mode === 'samples' ? 8 : 13;
  if (bytes.byteLength !== HEATSIGHT_HEADER_BYTES + rows * perRow)
    throw new HeatSightFormatError(`HeatSight answer of ${bytes.byteLength} bytes does not hold ${rows} rows`);
  const positions = new Float32Array(rows * 2);
  const times = new Float64Array(rows);
  const counts = new Uint32Array(rows).fill(1);
  const noLink = new Float32Array(rows);
  const linksDown = new Float32Array(rows);
  const signal = new Float32Array(rows);
  let offset = HEATSIGHT_HEADER_BYTES;
  if (mode === 'cells') {
    for (let index = 0; index < rows; index += 1) counts[index] = view.getUint32(offset + index * 4, true);
    offset += rows * 4;
  }
  for (let index = 0; index < rows; index += 1) {
    positions[index * 2] = restore(view.getUint16(offset + index * 2, true), west, east);
    positions[index * 2 + 1] = restore(view.getUint16(offset + (rows + index) * 2, true), south, north);
    times[index] = restore(view.getUint16(offset + (2 * rows + index) * 2, true), from, to);
  }
  offset += rows * 6;
  for (let index = 0; index < rows; index += 1) {
    if (mode === 'samples') {
      const links = bytes[offset + index] ?? 0;
      const online = links >> 4;
      const total = links & 0x0f;
      noLink[index] = online === 0 ? 1 : 0;
      linksDown[index] = total === 0 ? 1 : (total - online) / total;
      const level = bytes[offset + rows + index] ?? NO_SIGNAL;
      signal[index] = level === NO_SIGNAL ? Number.NaN : level;
    } else {
      noLink[index] = (bytes[offset + index] ?? 0) / SHARE_STEPS;
      linksDown[index] = (bytes[offset + rows + index] ?? 0) / SHARE_STEPS;
      const level = bytes[offset + 2 * rows + index] ?? NO_SIGNAL;
      signal[index] = level === NO_SIGNAL ? Number.NaN : level;
    }
  }
  return {
    mode,
    rows,
    samples,
    from,
    to,
    extent: { west, south, east, north },
    positions,
    times,
    counts,
    noLink,
    linksDown,
    signal,
  };
}
