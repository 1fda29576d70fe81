import { MapView, WebMercatorViewport, type MapViewState, type PickingInfo } from '@deck.gl/core';
import { PathLayer, ScatterplotLayer } from '@deck.gl/layers';
import DeckGL from '@deck.gl/react';
import { TestId, THEME_COLORS, type TrackPoint } from '@halo/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rgba, StyleBasemapSlot, worldLayers } from '../../../lib/map';
import { webSettings } from '../../../lib/settings';
import { useDarkTheme } from '../../../lib/theme';
import { useTimeFormat } from '../../../lib/time-zone';

const VIEW = new MapView({ repeat: true });
/** Closest a fit goes: a track of a few metres still shows its streets. */
const MAX_ZOOM = 15;
const PADDING = 28;

/** The view that shows every position (the track and where the device is now) in a map of this size. */
export function trackView(
  positions: readonly (readonly [number, number])[],
  width: number,
  height: number,
): MapViewState {
  const longitudes = positions.map((position) => position[0]);
  const latitudes = positions.map((position) => position[1]);
  const bounds: [[number, number], [number, number]] = [
    [Math.min(...longitudes), Math.min(...latitudes)],
    [Math.max(...longitudes), Math.max(...latitudes)],
  ];
  const room = Math.min(width, height) > 2 * PADDING + 1 ? PADDING : 0;
  const { longitude, latitude, zoom } = new WebMercatorViewport({ width, height }).fitBounds(bounds, {
    padding: room,
    maxZoom: MAX_ZOOM,
    minExtent: 0.002,
  });
  return { longitude, latitude, zoom, pitch: 0, bearing: 0 };
}

export interface DeviceTrackMapProps {
  /** Where the device went in the window, oldest first. */
  readonly track: readonly TrackPoint[];
  /** Where it is now [longitude, latitude], if known. */
  readonly current: readonly [number, number] | null;
}

type Mark = { readonly position: [number, number]; readonly connected: boolean; readonly time: number | null };

/**
 * A small map of the device's track over the window (deck.gl, on the basemap HeatSight draws):
 * the path, each position coloured by whether it was connected, and where it is now.
 */
export default function DeviceTrackMap({ track, current }: DeviceTrackMapProps) {
  const { t } = useTranslation();
  const format = useTimeFormat();
  const dark = useDarkTheme();
  const [size, setSize] = useState({ width: 480, height: 240 });
  const [styleFailure, setStyleFailure] = useState<string | null>(null);
  const mapStyle = styleFailure === null ? webSettings.map_style_url : null;

  const marks = useMemo<Mark[]>(
    () =>
      track.map((point) => ({
        position: [point.longitude, point.latitude],
        connected: point.connected,
        time: point.time,
      })),
    [track],
  );
  const path = useMemo(() => [{ path: marks.map((mark) => mark.position) }], [marks]);
  const positions = useMemo(
    () => [...marks.map((mark) => mark.position), ...(current ? [[current[0], current[1]] as [number, number]] : [])],
    [marks, current],
  );
  const initialViewState = useMemo(
    () => (positions.length > 0 ? trackView(positions, size.width, size.height) : null),
    [positions, size],
  );
  const world = useMemo(() => worldLayers(dark), [dark]);
  if (!initialViewState) return null;

  const outline: [number, number, number, number] = dark ? [246, 247, 249, 255] : [28, 33, 39, 255];
  const layers = [
    ...(mapStyle ? [] : world),
    new PathLayer<{ path: [number, number][] }>({
      id: 'track',
      data: path,
      getPath: (entry) => entry.path,
      getColor: rgba(THEME_COLORS.primary, 220),
      getWidth: 3,
      widthUnits: 'pixels',
      jointRounded: true,
      capRounded: true,
    }),
    new ScatterplotLayer<Mark>({
      id: 'positions',
      data: marks,
      pickable: true,
      getPosition: (mark) => mark.position,
      getFillColor: (mark) => rgba(mark.connected ? THEME_COLORS.online : THEME_COLORS.offline, 220),
      radiusUnits: 'pixels',
      getRadius: 3,
    }),
    current
      ? new ScatterplotLayer<Mark>({
          id: 'now',
          data: [{ position: [current[0], current[1]], connected: true, time: null }],
          pickable: true,
          getPosition: (mark) => mark.position,
          getFillColor: rgba(THEME_COLORS.primary),
          getLineColor: outline,
          stroked: true,
          lineWidthUnits: 'pixels',
          getLineWidth: 2,
          radiusUnits: 'pixels',
          getRadius: 7,
        })
      : null,
  ];
  const tooltip = ({ object }: PickingInfo<Mark>) => {
    if (!object) return null;
    if (object.time === null) return { text: t('devicePage.location.now') };
    const state = t(object.connected ? 'devicePage.timeline.connected' : 'devicePage.timeline.notConnected');
    return { text: `${format.dateTime(object.time)}\n${state}` };
  };

  return (
    <div
      className="device-map"
      data-testid={TestId.devicePage.map}
      role="img"
      aria-label={t('devicePage.location.map')}
    >
      <DeckGL
        views={VIEW}
        initialViewState={initialViewState}
        controller={{ dragRotate: false, touchRotate: false }}
        layers={layers}
        getTooltip={tooltip}
        onResize={({ width, height }) => {
          if (width > 0 && height > 0 && (width !== size.width || height !== size.height)) setSize({ width, height });
        }}
      >
        {mapStyle ? <StyleBasemapSlot mapStyle={mapStyle} onFailed={setStyleFailure} /> : null}
      </DeckGL>
    </div>
  );
}
