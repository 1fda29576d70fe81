import { describe, expect, it } from 'vitest';
import {
  decodeHistory,
  encodeHistoryCells,
  encodeHistorySamples,
  HEATSIGHT_HEADER_BYTES,
  HeatSightFormatError,
  type HistorySample,
} from './heatSightCodec.js';
import { BoundingBoxSchema, HeatSightSamplesQuerySchema, hasNoLink, linksDownShare } from './heatSight.js';

const frame = { from: 1_000_000, to: 1_000_000 + 86_400_000, extent: { west: 34, south: 31, east: 35, north: 33 } };

const sample = (overrides: Partial<HistorySample> = {}): HistorySample => ({
  longitude: 34.5,
  latitude: 32,
  time: frame.from + 3_600_000,
  connected: true,
  linksOnline: 2,
  linksTotal: 4,
  bestSignal: 63,
  ...overrides,
});

describe('HeatSight history on the wire', () => {
  it('carries samples in 8 bytes each and reads them back within the quantisation step', () => {
    const samples = [
      sample({ time: frame.from + 7_200_000, longitude: 34.9999, latitude: 32.9 }),
      sample({ connected: false, linksOnline: 3, bestSignal: null }),
      sample({ time: frame.to, longitude: 34, latitude: 31, linksOnline: 0, linksTotal: 0 }),
    ];
    const bytes = encodeHistorySamples(frame, samples);
    expect(bytes.byteLength).toBe(HEATSIGHT_HEADER_BYTES + 8 * samples.length);
    const history = decodeHistory(bytes);
    expect(history).toMatchObject({ mode: 'samples', rows: 3, samples: 3, from: frame.from, to: frame.to });
    // Ordered by time: the disconnected one (1 h), then 2 h, then the window's end.
    expect([...history.times].map((time) => Math.round((time - frame.from) / 60_000))).toEqual([60, 120, 1440]);
    expect(history.positions[2]).toBeCloseTo(34.9999, 4);
    expect(history.positions[3]).toBeCloseTo(32.9, 4);
    expect([...history.noLink]).toEqual([1, 0, 1]);
    expect([...history.linksDown]).toEqual([1, 0.5, 1]);
    expect(Number.isNaN(history.signal[0])).toBe(true);
    expect(history.signal[1]).toBe(63);
    expect([...history.counts]).toEqual([1, 1, 1]);
  });

  it('carries aggregated cells with their counts and shares', () => {
    const bytes = encodeHistoryCells(frame, [
      { longitude: 34.2, latitude: 31.5, time: frame.from, count: 70_000, noLink: 0.25, linksDown: 0.5, signal: null },
      { longitude: 34.8, latitude: 32.5, time: frame.from + 1000, count: 3, noLink: 1, linksDown: 1, signal: 41.6 },
    ]);
    expect(bytes.byteLength).toBe(HEATSIGHT_HEADER_BYTES + 13 * 2);
    const history = decodeHistory(bytes);
    expect(history).toMatchObject({ mode: 'cells', rows: 2, samples: 70_003 });
    expect([...history.counts]).toEqual([70_000, 3]);
    expect(history.noLink[0]).toBeCloseTo(0.25, 2);
    expect(history.linksDown[0]).toBeCloseTo(0.5, 2);
    expect(history.signal[1]).toBe(42);
    expect(Number.isNaN(history.signal[0])).toBe(true);
  });

  it('keeps a single point (an extent of no width) where it is', () => {
    const point = { ...frame, extent: { west: 34.5, south: 32, east: 34.5, north: 32 } };
    const history = decodeHistory(encodeHistorySamples(point, [sample()]));
    expect([...history.positions]).toEqual([34.5, 32]);
  });

  it('refuses what it did not write', () => {
    const bytes = encodeHistorySamples(frame, [sample()]);
    expect(() => decodeHistory(bytes.slice(0, 20))).toThrow(HeatSightFormatError);
    expect(() => decodeHistory(bytes.slice(0, bytes.byteLength - 1))).toThrow(HeatSightFormatError);
    const other = bytes.slice();
    other[0] = 9;
    expect(() => decodeHistory(other)).toThrow(HeatSightFormatError);
  });
});

describe('link quality', () => {
  it('counts no link when disconnected or nothing is online', () => {
    expect(hasNoLink({ connected: false, linksOnline: 3 })).toBe(true);
    expect(hasNoLink({ connected: true, linksOnline: 0 })).toBe(true);
    expect(hasNoLink({ connected: true, linksOnline: 1 })).toBe(false);
    expect(linksDownShare({ connected: true, linksOnline: 1, linksTotal: 4 })).toBe(0.75);
    expect(linksDownShare({ connected: true, linksOnline: 0, linksTotal: 0 })).toBe(1);
  });
});

describe('the samples query', () => {
  it('reads a bounding box and refuses a reversed or out-of-range one', () => {
    expect(BoundingBoxSchema.parse('34,31,35.5,33')).toEqual({ west: 34, south: 31, east: 35.5, north: 33 });
    expect(BoundingBoxSchema.parse('-34.25,-31,35,33')).toEqual({ west: -34.25, south: -31, east: 35, north: 33 });
    // A blank, a line end or another spelling of a number is refused, not read as the number.
    for (const bad of [
      ' 34,31,35,33',
      '34,31,35,33\n',
      '34,31,35,33\r\n',
      '34,+31,35,33',
      '34,31,35,3.3e1',
      '0x22,31,35,33',
    ])
      expect(BoundingBoxSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    for (const bad of ['35,31,34,33', '34,31,35', '34,31,35,91', 'a,b,c,d', '-181,0,0,1', '34,31,35,31'])
      expect(BoundingBoxSchema.safeParse(bad).success).toBe(false);
  });

  it('defaults to the last 24 hours and refuses unknown windows and keys', () => {
    expect(HeatSightSamplesQuerySchema.parse({})).toMatchObject({ window: '24h', subtree: '0', max_points: 50_000 });
    expect(HeatSightSamplesQuerySchema.safeParse({ window: '30d' }).success).toBe(false);
    expect(HeatSightSamplesQuerySchema.safeParse({ max_points: '5' }).success).toBe(false);
    expect(HeatSightSamplesQuerySchema.safeParse({ sql: '1' }).success).toBe(false);
  });
});
