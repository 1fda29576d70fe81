import { describe, expect, it } from 'vitest';
import type { MapDevice } from '../../lib/fleet';
import { liveHeatData, NO_HEAT } from './heatLayerData';
import { deviceColor, heatBounds, heatView, hex, viewOf, WORLD_VIEW } from './heatSightView';

/** A heat of cells at these [longitude, latitude] positions. */
function heatAt(...points: [number, number][]) {
  return liveHeatData({
    length: points.length,
    positions: Float32Array.from(points.flat()),
    weights: new Float32Array(points.length).fill(1),
    counts: new Float32Array(points.length).fill(1),
    devices: points.length,
    changed: points.length,
    reset: true,
  });
}

const device = (connected: boolean, linksOnline: number, linksTotal: number) =>
  ({ connected, linksOnline, linksTotal }) as MapDevice;

describe('viewOf', () => {
  it('names the whole world when more than a world is in view', () => {
    const view = viewOf({ ...WORLD_VIEW, zoom: 0 }, 2000, 800);
    expect(view.zoom).toBe(0);
    expect(view.area[0]).toBe(-180);
    expect(view.area[2]).toBe(180);
  });

  it('names the area around the centre once zoomed in', () => {
    const view = viewOf({ longitude: 34.8, latitude: 32.1, zoom: 10, pitch: 0, bearing: 0 }, 800, 600);
    const [west, south, east, north] = view.area;
    expect(west).toBeLessThan(34.8);
    expect(east).toBeGreaterThan(34.8);
    expect(south).toBeLessThan(32.1);
    expect(north).toBeGreaterThan(32.1);
    expect(east - west).toBeLessThan(1);
  });

  it('wraps the area across the antimeridian: west above east', () => {
    const [west, , east] = viewOf({ longitude: 180, latitude: 0, zoom: 5, pitch: 0, bearing: 0 }, 800, 600).area;
    expect(west).toBeGreaterThan(east);
    expect(west).toBeLessThanOrEqual(180);
    expect(east).toBeGreaterThanOrEqual(-180);
  });
});

describe('heatBounds and heatView', () => {
  it('have nothing to fit without heat or without a canvas', () => {
    expect(heatBounds(NO_HEAT)).toBeNull();
    expect(heatView(NO_HEAT, 800, 600)).toBeNull();
    expect(heatView(heatAt([34, 32]), 0, 600)).toBeNull();
  });

  it('bound the heat’s points', () => {
    expect(heatBounds(heatAt([34, 32], [35, 31], [33.5, 33]))).toEqual([33.5, 31, 35, 33]);
  });

  it('fit the view around the heat, no further in than a town', () => {
    const wide = heatView(heatAt([30, 30], [40, 35]), 800, 600);
    expect(wide?.longitude).toBeCloseTo(35, 0);
    expect(wide?.zoom).toBeLessThan(7);
    expect(heatView(heatAt([34.8, 32.1]), 800, 600)?.zoom).toBeGreaterThan(11);
    // On a large screen a lone cell would fit further in than a town.
    expect(heatView(heatAt([34.8, 32.1]), 4000, 3000)?.zoom).toBe(12);
  });
});

describe('colours', () => {
  it('reads #RRGGBB with an alpha', () => {
    expect(hex('#2F343C')).toEqual([0x2f, 0x34, 0x3c, 255]);
    expect(hex('#ABB3BF', 220)).toEqual([0xab, 0xb3, 0xbf, 220]);
  });

  it('colours a device by its connection and links', () => {
    expect(deviceColor(device(false, 2, 2))).toEqual([205, 66, 70, 230]);
    expect(deviceColor(device(true, 1, 2))).toEqual([200, 118, 25, 230]);
    expect(deviceColor(device(true, 2, 2))).toEqual([35, 133, 81, 230]);
  });
});
