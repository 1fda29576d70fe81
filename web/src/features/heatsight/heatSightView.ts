import { WebMercatorViewport, type MapViewState } from '@deck.gl/core';
import { CHIP_OF_HEALTH, THEME_COLORS, type DeviceChipState } from '@halo/shared';
import type { MapArea, MapDevice } from '../../lib/fleet';
import { rgba, type Rgba } from '../../lib/map';
import { longitudeNear } from './heatLayerData';

/**
 * HeatSight's view maths, apart from React and WebGL: where the map looks, what it shows of the
 * world, when devices show as markers, the view that fits the fleet, and how a marker is coloured.
 */

/**
 * From this zoom on (a town's streets) the devices in view show as markers you can point at and
 * open. The heat stays beneath them, fading to HEAT_UNDER_MARKERS over MARKER_FADE_ZOOMS levels:
 * the markers say which device, the faint heat still says how the area around them fares.
 */
export const DEVICE_ZOOM = 11;
export const MARKER_FADE_ZOOMS = 2;
export const HEAT_UNDER_MARKERS = 0.4;
export const WORLD_VIEW: MapViewState = { longitude: 20, latitude: 30, zoom: 1.2, pitch: 0, bearing: 0 };
/** The furthest a fitted view zooms in (a lone device would otherwise fill the screen). */
const FIT_MAX_ZOOM = 12;
/** How far a device's heat spreads around it, in pixels. */
export const HEAT_RADIUS_PIXELS = 40;
/**
 * Degrees added around the fleet's bounds, and pixels kept free around them, when fitting: the
 * outermost devices' heat whole, and a margin beyond it (with only the radius kept free, a
 * cluster at the edge showed half its heat: issue 39, item 13).
 */
const FIT_PAD_DEGREES = 0.05;
const FIT_PADDING_PIXELS = HEAT_RADIUS_PIXELS + 24;

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

/** Whether a zoom shows the devices as markers. */
export const showsDeviceMarkers = (zoom: number): boolean => zoom >= DEVICE_ZOOM;

/** The heat's opacity at a zoom: whole below DEVICE_ZOOM, fading beneath the markers above it. */
export function heatOpacityAt(zoom: number): number {
  if (!showsDeviceMarkers(zoom)) return 1;
  const faded = Math.min(1, (zoom - DEVICE_ZOOM) / MARKER_FADE_ZOOMS);
  return 1 - (1 - HEAT_UNDER_MARKERS) * faded;
}

/** Mercator's limit: fitting a pole would ask for an infinite map. */
const MAX_LATITUDE = 85;

/**
 * The view that shows all of an area (the fleet's bounds; west above east across the
 * antimeridian), or null without a canvas yet. A lone device is shown no closer than a town.
 */
export function fitView(bounds: MapArea, width: number, height: number): MapViewState | null {
  if (width <= 0 || height <= 0) return null;
  const [west, south, east, north] = bounds;
  // Across the antimeridian the east edge continues past 180°: one stretch of the repeated world.
  const eastward = east < west ? east + 360 : east;
  const fitted = new WebMercatorViewport({ width, height }).fitBounds(
    [
      [west - FIT_PAD_DEGREES, Math.max(-MAX_LATITUDE, south - FIT_PAD_DEGREES)],
      [eastward + FIT_PAD_DEGREES, Math.min(MAX_LATITUDE, north + FIT_PAD_DEGREES)],
    ],
    { padding: FIT_PADDING_PIXELS },
  );
  return {
    longitude: longitudeNear(fitted.longitude, 0),
    latitude: fitted.latitude,
    zoom: Math.min(fitted.zoom, FIT_MAX_ZOOM),
    pitch: 0,
    bearing: 0,
  };
}

/** The status chip's colours (the Devices table's and Home's): online, offline, alert, not activated. */
const CHIP_COLORS: Readonly<Record<DeviceChipState, Rgba>> = {
  connected: rgba(THEME_COLORS.online, 230),
  notConnected: rgba(THEME_COLORS.offline, 230),
  alert: rgba('#C87619', 230),
  notActivated: rgba('#8F99A8', 230),
};

/** A device marker's colour: its status chip's, by the health rule. */
export function deviceColor(device: Pick<MapDevice, 'health'>): Rgba {
  return CHIP_COLORS[CHIP_OF_HEALTH[device.health]];
}
