import { HeatmapLayer } from '@deck.gl/aggregation-layers';
import { WebMercatorViewport, type MapViewState, type PickingInfo } from '@deck.gl/core';
import { GeoJsonLayer, ScatterplotLayer } from '@deck.gl/layers';
import DeckGL from '@deck.gl/react';
import { TestId, totalLinks, type HeatSightMetric } from '@halo/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDarkTheme } from '../../lib/theme';
import { worldCountries } from './basemap';
import type { HeatData, MapDevice } from './heatLayerData';
import { heatColorDomain, heatColorRange, METRICS } from './heatMetrics';
import type { MapFocus } from './heatSightLink';

/** From this zoom on (a city) the devices show as points you can point at and open. */
const DEVICE_ZOOM = 9;
const WORLD_VIEW: MapViewState = { longitude: 20, latitude: 30, zoom: 1.2, pitch: 0, bearing: 0 };
const HEAT_RADIUS_PIXELS = 40;
const WEIGHTS_TEXTURE_SIZE = 512;

type Rgba = [number, number, number, number];

const hex = (color: string, alpha = 255): Rgba => {
  const value = Number.parseInt(color.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff, alpha];
};

const DEVICE_COLORS: Readonly<Record<'connected' | 'disconnected' | 'problem', Rgba>> = {
  connected: [35, 133, 81, 230],
  disconnected: [205, 66, 70, 230],
  problem: [200, 118, 25, 230],
};

function deviceColor(device: MapDevice): Rgba {
  if (device.state.availability !== 1) return DEVICE_COLORS.disconnected;
  const links = totalLinks(device.state.links ?? {});
  return links.online < links.total ? DEVICE_COLORS.problem : DEVICE_COLORS.connected;
}

export interface HeatSightMapProps {
  readonly metric: HeatSightMetric;
  /** The heat to draw (binary attributes), or nothing. */
  readonly heat: HeatData | null;
  /** Changes whenever `heat` holds new values, even in the same arrays. */
  readonly heatVersion: string | number;
  readonly devices: readonly MapDevice[];
  /** Where to look first (a link from a position); otherwise the fleet, once it is known. */
  readonly focus: MapFocus | null;
  readonly onOpenDevice: (device: MapDevice) => void;
}

/** The view that shows every device, or null when there are none. */
function fleetView(devices: readonly MapDevice[], width: number, height: number): MapViewState | null {
  if (devices.length === 0 || width <= 0 || height <= 0) return null;
  let west = 180;
  let south = 90;
  let east = -180;
  let north = -90;
  for (const device of devices) {
    const [longitude, latitude] = device.position;
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  const pad = 0.05;
  const fitted = new WebMercatorViewport({ width, height }).fitBounds(
    [
      [west - pad, south - pad],
      [east + pad, north + pad],
    ],
    { padding: 40 },
  );
  return {
    longitude: fitted.longitude,
    latitude: fitted.latitude,
    zoom: Math.min(fitted.zoom, 12),
    pitch: 0,
    bearing: 0,
  };
}

/**
 * The deck.gl map: the offline world (Natural Earth countries, wrapped across the
 * antimeridian), the heat of the chosen metric, and the devices once zoomed in.
 */
export function HeatSightMap({ metric, heat, heatVersion, devices, focus, onOpenDevice }: HeatSightMapProps) {
  const { t } = useTranslation();
  const dark = useDarkTheme();
  const container = useRef<HTMLDivElement | null>(null);
  const [viewState, setViewState] = useState<MapViewState>(() => (focus ? { ...WORLD_VIEW, ...focus } : WORLD_VIEW));
  const fitted = useRef(focus !== null);
  // Another address (a link followed while the map is open) moves the view there.
  const [seenFocus, setSeenFocus] = useState(focus);
  if (focus !== seenFocus) {
    setSeenFocus(focus);
    if (focus) setViewState((current) => ({ ...current, ...focus }));
  }
  useEffect(() => {
    if (focus) fitted.current = true;
  }, [focus]);
  // The first time devices are known, and no address asked for a place, show them all.
  useEffect(() => {
    if (fitted.current || devices.length === 0) return;
    const element = container.current;
    const view = fleetView(devices, element?.clientWidth ?? 0, element?.clientHeight ?? 0);
    if (view) {
      fitted.current = true;
      setViewState(view);
    }
  }, [devices]);

  const spec = METRICS[metric];
  // One layer per theme: the world's triangles are the costly part under software WebGL.
  const world = useMemo(
    () =>
      new GeoJsonLayer({
        id: 'world',
        data: worldCountries(),
        filled: true,
        stroked: true,
        wrapLongitude: true,
        getFillColor: dark ? hex('#2F343C') : hex('#E5E8EB'),
        getLineColor: dark ? hex('#5F6B7C', 200) : hex('#ABB3BF', 220),
        lineWidthUnits: 'pixels',
        getLineWidth: 1,
      }),
    [dark],
  );

  const layers = [
    world,
    heat && heat.length > 0
      ? new HeatmapLayer({
          id: 'heat',
          data: heat,
          radiusPixels: HEAT_RADIUS_PIXELS,
          // Smaller than deck.gl's 2048: the weights are redrawn on every update, and a quarter
          // of the pixels keeps that cheap where WebGL runs in software (no GPU on the host).
          weightsTextureSize: WEIGHTS_TEXTURE_SIZE,
          intensity: 1,
          threshold: 0.03,
          aggregation: spec.aggregation,
          colorDomain: heatColorDomain(metric),
          colorRange: heatColorRange(metric),
          updateTriggers: { getWeight: [heatVersion], getPosition: [heatVersion] },
        })
      : null,
    new ScatterplotLayer<MapDevice>({
      id: 'devices',
      data: devices,
      visible: viewState.zoom >= DEVICE_ZOOM,
      pickable: true,
      getPosition: (device) => device.position,
      getFillColor: deviceColor,
      getLineColor: dark ? [246, 247, 249, 255] : [28, 33, 39, 255],
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 1,
      radiusUnits: 'pixels',
      getRadius: 5,
      updateTriggers: { getFillColor: [devices], getLineColor: [dark] },
    }),
  ];

  const tooltip = ({ object, layer }: PickingInfo<MapDevice>) => {
    if (!object || layer?.id !== 'devices') return null;
    const links = totalLinks(object.state.links ?? {});
    const status = t(
      object.state.availability === 1 ? 'heatSight.tooltip.connected' : 'heatSight.tooltip.disconnected',
    );
    return {
      text: `${object.name}\n${status}\n${t('heatSight.tooltip.links', { online: links.online, total: links.total })}\n${t('heatSight.tooltip.open')}`,
    };
  };

  return (
    <div
      ref={container}
      className={`heatsight-map ${dark ? 'heatsight-map-dark' : ''}`}
      data-testid={TestId.heatSight.map}
      role="application"
      aria-label={t('heatSight.mapLabel')}
    >
      <DeckGL
        viewState={viewState}
        onViewStateChange={({ viewState: next }) => setViewState(next as MapViewState)}
        controller={{ dragRotate: false, touchRotate: false }}
        layers={layers}
        getTooltip={tooltip}
        onClick={(info: PickingInfo<MapDevice>) => {
          if (info.object && info.layer?.id === 'devices') onOpenDevice(info.object);
        }}
        getCursor={({ isHovering, isDragging }) => (isDragging ? 'grabbing' : isHovering ? 'pointer' : 'grab')}
      />
    </div>
  );
}
