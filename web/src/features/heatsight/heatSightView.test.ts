import { describe, expect, it } from 'vitest';
import { WebMercatorViewport } from '@deck.gl/core';
import type { MapDevice } from '../../lib/fleet';
import {
  DEVICE_ZOOM,
  deviceColor,
  fitView,
  HEAT_RADIUS_PIXELS,
  HEAT_UNDER_MARKERS,
  heatOpacityAt,
  showsDeviceMarkers,
  viewOf,
  WORLD_VIEW,
} from './heatSightView';

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

describe('fitView', () => {
  it('keeps the outermost devices’ whole heat, and a margin, inside the map (issue 39, item 13)', () => {
    const bounds = [-74.1, 31.9, 35.2, 52.6] as const;
    for (const [width, height] of [
      [1262, 611],
      [800, 600],
      [1920, 1000],
    ] as const) {
      const view = fitView([...bounds], width, height)!;
      const viewport = new WebMercatorViewport({ ...view, width, height });
      for (const corner of [
        [bounds[0], bounds[1]],
        [bounds[2], bounds[3]],
      ] as const) {
        const [x, y] = viewport.project([...corner]);
        for (const distance of [x!, width - x!, y!, height - y!])
          expect(distance, `${width}x${height}`).toBeGreaterThanOrEqual(HEAT_RADIUS_PIXELS + 16);
      }
    }
  });

  it('has nothing to fit on without a canvas', () => {
    expect(fitView([34, 32, 34, 32], 0, 600)).toBeNull();
  });

  it('fits the view around the fleet, no further in than a town', () => {
    const wide = fitView([30, 30, 40, 35], 800, 600);
    expect(wide?.longitude).toBeCloseTo(35, 0);
    expect(wide?.zoom).toBeLessThan(7);
    expect(wide?.zoom).toBeGreaterThan(4);
    // One device: a lone point, shown as a town around it.
    const lone = fitView([34.8, 32.1, 34.8, 32.1], 800, 600);
    expect(lone?.longitude).toBeCloseTo(34.8, 3);
    expect(lone?.latitude).toBeCloseTo(32.1, 3);
    expect(lone?.zoom).toBeGreaterThan(10);
    expect(fitView([34.8, 32.1, 34.8, 32.1], 4000, 3000)?.zoom).toBe(12);
  });

  it('fits a fleet across the antimeridian around the Pacific, not around the world', () => {
    // Fiji (178°) to Samoa (-172°): ten degrees wide across 180°.
    const pacific = fitView([178, -18, -172, -13], 800, 600);
    expect(Math.abs(pacific?.longitude ?? 0)).toBeGreaterThan(175);
    expect(pacific?.zoom).toBeGreaterThan(4);
    const [west, , east] = viewOf(pacific!, 800, 600).area;
    expect(west).toBeGreaterThan(east);
    // The same devices bounded the other way round (west of east) span the world instead.
    expect(fitView([-172, -18, 178, -13], 800, 600)?.zoom).toBeLessThan(2);
  });

  it('keeps the poles out of the fit', () => {
    const view = fitView([-10, -90, 10, 90], 800, 600);
    expect(Number.isFinite(view?.zoom)).toBe(true);
    expect(Math.abs(view?.latitude ?? 90)).toBeLessThan(85);
  });
});

describe('markers by zoom', () => {
  it('shows the devices as markers from DEVICE_ZOOM on, and only then', () => {
    expect(DEVICE_ZOOM).toBe(11);
    expect(showsDeviceMarkers(DEVICE_ZOOM - 0.01)).toBe(false);
    expect(showsDeviceMarkers(DEVICE_ZOOM)).toBe(true);
    expect(showsDeviceMarkers(18)).toBe(true);
  });

  it('fades the heat beneath the markers, never away', () => {
    expect(heatOpacityAt(DEVICE_ZOOM - 1)).toBe(1);
    expect(heatOpacityAt(DEVICE_ZOOM)).toBe(1);
    const halfway = heatOpacityAt(DEVICE_ZOOM + 1);
    expect(halfway).toBeLessThan(1);
    expect(halfway).toBeGreaterThan(HEAT_UNDER_MARKERS);
    expect(heatOpacityAt(DEVICE_ZOOM + 2)).toBeCloseTo(HEAT_UNDER_MARKERS);
    expect(heatOpacityAt(20)).toBeCloseTo(HEAT_UNDER_MARKERS);
  });
});

describe('marker colours', () => {
  const colourOf = (health: MapDevice['health']) => deviceColor({ health });

  it('colour a device by its status chip: online, offline, alert, not activated', () => {
    expect(colourOf('healthy')).toEqual([0x00, 0x96, 0x88, 230]);
    expect(colourOf('notConnected')).toEqual([0xd3, 0x2f, 0x2f, 230]);
    expect(colourOf('unknown')).toEqual(colourOf('notConnected'));
    expect(colourOf('linksDegraded')).toEqual(colourOf('allLinksDown'));
    expect(colourOf('mainAppOffline')).toEqual(colourOf('allLinksDown'));
    expect(colourOf('allLinksDown')).not.toEqual(colourOf('healthy'));
    expect(colourOf('allLinksDown')).not.toEqual(colourOf('notConnected'));
    expect(colourOf('notActivated')).not.toEqual(colourOf('notConnected'));
  });
});
