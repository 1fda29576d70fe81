import { WebMercatorViewport, type MapViewState } from '@deck.gl/core';
import type { MapArea, MapDevice } from '../../lib/fleet';
import { longitudeNear, type HeatData } from './heatLayerData';

/**
 * HeatSight's view maths, apart from React and WebGL: where the map looks, what it shows of the
 * world, the view that fits the heat, and how a device point is coloured.
 */

/** From this zoom on (a city) the devices show as points you can point at and open. */
export const DEVICE_ZOOM = 9;
export const WORLD_VIEW: MapViewState = { longitude: 20, latitude: 30, zoom: 1.2, pitch: 0, bearing: 0 };
/** The furthest a fitted view zooms in (a lone device would otherwise fill the screen). */
const FIT_MAX_ZOOM = 12;
/** Degrees added around the heat's bounds, and pixels kept free around them, when fitting. */
const FIT_PAD_DEGREES = 0.05;
const FIT_PADDING_PIXELS = 40;

/** What the map shows: its zoom, and the area in view (west above east across the antimeridian). */
export interface MapView {
  readonly zoom: number;
  readonly area: MapArea;
}

/** The map's view of `viewState` on a canvas of `width` by `height` pixels. */
export function viewOf(viewState: MapViewState, width: number, height: number): MapView {
  const [west, south, east, north] = new WebMercatorViewport({ ...viewState, width, height }).getBounds();
  const area: MapArea =
    east - west >= 360 ? [-180, south, 180, north] : [longitudeNear(west, 0), south, longitudeNear(east, 0), north];
  return { zoom: viewState.zoom, area };
}

/** West, south, east and north of the heat's points; null when it has none. */
export function heatBounds(heat: HeatData): [number, number, number, number] | null {
  if (heat.length === 0) return null;
  const positions = heat.attributes.getPosition.value;
  let west = 180;
  let south = 90;
  let east = -180;
  let north = -90;
  for (let index = 0; index < heat.length; index += 1) {
    const longitude = positions[index * 2] ?? 0;
    const latitude = positions[index * 2 + 1] ?? 0;
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  return [west, south, east, north];
}

/** The view that shows all of the heat, or null when there is none (or no canvas yet). */
export function heatView(heat: HeatData, width: number, height: number): MapViewState | null {
  const bounds = heatBounds(heat);
  if (!bounds || width <= 0 || height <= 0) return null;
  const [west, south, east, north] = bounds;
  const fitted = new WebMercatorViewport({ width, height }).fitBounds(
    [
      [west - FIT_PAD_DEGREES, south - FIT_PAD_DEGREES],
      [east + FIT_PAD_DEGREES, north + FIT_PAD_DEGREES],
    ],
    { padding: FIT_PADDING_PIXELS },
  );
  return {
    longitude: fitted.longitude,
    latitude: fitted.latitude,
    zoom: Math.min(fitted.zoom, FIT_MAX_ZOOM),
    pitch: 0,
    bearing: 0,
  };
}

export type Rgba = [number, number, number, number];

/** `#RRGGBB` as deck.gl's colour array. */
export const hex = (color: string, alpha = 255): Rgba => {
  const value = Number.parseInt(color.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff, alpha];
};

const DEVICE_COLORS: Readonly<Record<'connected' | 'disconnected' | 'problem', Rgba>> = {
  connected: [35, 133, 81, 230],
  disconnected: [205, 66, 70, 230],
  problem: [200, 118, 25, 230],
};

/** A device point's colour: not connected, connected with a link down, or all well. */
export function deviceColor(device: MapDevice): Rgba {
  if (!device.connected) return DEVICE_COLORS.disconnected;
  return device.linksOnline < device.linksTotal ? DEVICE_COLORS.problem : DEVICE_COLORS.connected;
}
