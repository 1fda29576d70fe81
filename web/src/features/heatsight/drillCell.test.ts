import { WebMercatorViewport } from '@deck.gl/core';
import type { HeatSightHistory } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { areaOutline, DRILL_CELL_PIXELS, drillCellAt, historyAreaSummary, sameArea } from './drillCell';

describe('drillCellAt', () => {
  it('holds the position, DRILL_CELL_PIXELS square on screen', () => {
    const zoom = 9;
    const [west, south, east, north] = drillCellAt(34.78, 32.08, zoom);
    expect(west).toBeLessThanOrEqual(34.78);
    expect(east).toBeGreaterThan(34.78);
    expect(south).toBeLessThanOrEqual(32.08);
    expect(north).toBeGreaterThan(32.08);
    const viewport = new WebMercatorViewport({ longitude: 34.78, latitude: 32.08, zoom, width: 800, height: 600 });
    const [left, bottom] = viewport.project([west, south]);
    const [right, top] = viewport.project([east, north]);
    expect(right! - left!).toBeCloseTo(DRILL_CELL_PIXELS, 3);
    expect(bottom! - top!).toBeCloseTo(DRILL_CELL_PIXELS, 3);
  });

  it('stays the same cell while the zoom moves within a level, and nests in the level above', () => {
    expect(drillCellAt(34.78, 32.08, 9)).toEqual(drillCellAt(34.78, 32.08, 9.9));
    const [west, south, east, north] = drillCellAt(34.78, 32.08, 10);
    const [outerWest, outerSouth, outerEast, outerNorth] = drillCellAt(34.78, 32.08, 9);
    expect(west).toBeGreaterThanOrEqual(outerWest);
    expect(east).toBeLessThanOrEqual(outerEast);
    expect(south).toBeGreaterThanOrEqual(outerSouth - 1e-9);
    expect(north).toBeLessThanOrEqual(outerNorth + 1e-9);
  });

  it('is the same cell on every copy of the repeated world, and never crosses the antimeridian', () => {
    expect(drillCellAt(34.78 + 360, 32.08, 6)).toEqual(drillCellAt(34.78, 32.08, 6));
    const [west, , east] = drillCellAt(179.99, 0, 2);
    expect(west).toBeLessThan(east);
    expect(east).toBeLessThanOrEqual(180);
    expect(drillCellAt(-180, 0, 2)[0]).toBe(-180);
  });

  it('holds the poles’ last cells without overflowing', () => {
    const [, south, , north] = drillCellAt(0, 89.9, 3);
    expect(Number.isFinite(south) && Number.isFinite(north)).toBe(true);
    expect(north).toBeGreaterThan(south);
  });
});

describe('sameArea and areaOutline', () => {
  it('compares by value', () => {
    expect(sameArea([1, 2, 3, 4], [1, 2, 3, 4])).toBe(true);
    expect(sameArea([1, 2, 3, 4], [1, 2, 3, 5])).toBe(false);
    expect(sameArea(null, null)).toBe(true);
    expect(sameArea(null, [1, 2, 3, 4])).toBe(false);
  });

  it('draws the outline on the copy of the world by the view’s centre', () => {
    expect(areaOutline([170, 0, 175, 5], 0)[0]).toEqual([170, 0]);
    expect(areaOutline([-175, 0, -170, 5], 180)).toEqual([
      [185, 0],
      [190, 0],
      [190, 5],
      [185, 5],
      [185, 0],
    ]);
  });
});

/** A history of rows: [longitude, latitude, time, count, noLink, linksDown, signal]. */
function historyOf(rows: [number, number, number, number, number, number, number][]): HeatSightHistory {
  return {
    mode: 'cells',
    from: 0,
    to: 1000,
    extent: { west: -180, south: -85, east: 180, north: 85 },
    rows: rows.length,
    samples: rows.reduce((sum, row) => sum + row[3], 0),
    positions: Float32Array.from(rows.flatMap(([longitude, latitude]) => [longitude, latitude])),
    times: Float64Array.from(rows.map((row) => row[2])),
    counts: Uint32Array.from(rows.map((row) => row[3])),
    noLink: Float32Array.from(rows.map((row) => row[4])),
    linksDown: Float32Array.from(rows.map((row) => row[5])),
    signal: Float32Array.from(rows.map((row) => row[6])),
  };
}

describe('historyAreaSummary', () => {
  const history = historyOf([
    [34.8, 32.1, 100, 3, 1, 1, Number.NaN],
    [34.81, 32.11, 200, 1, 0, 0.5, 60],
    [34.8, 32.1, 900, 4, 0, 0, 80],
    // Elsewhere.
    [2.35, 48.85, 200, 10, 1, 1, 10],
  ]);
  const area = [34.7, 32, 34.9, 32.2] as const;

  it('sums the samples of the area in the time range, weighing each row by its samples', () => {
    const whole = historyAreaSummary(history, area, 0, 1000);
    expect(whole.samples).toBe(8);
    expect(whole.noLink).toBeCloseTo(3 / 8);
    expect(whole.linksDown).toBeCloseTo((3 + 0.5) / 8);
    // Only the rows with a signal count in its mean.
    expect(whole.signal).toBeCloseTo((60 + 4 * 80) / 5);
    const early = historyAreaSummary(history, area, 0, 500);
    expect(early.samples).toBe(4);
    expect(early.signal).toBeCloseTo(60);
  });

  it('says there is nothing where the history has nothing', () => {
    expect(historyAreaSummary(history, area, 300, 800)).toEqual({ samples: 0, noLink: 0, linksDown: 0, signal: null });
    expect(historyAreaSummary(history, [10, 10, 11, 11], 0, 1000).samples).toBe(0);
  });
});
