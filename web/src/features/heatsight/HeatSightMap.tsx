import { MapView as DeckMapView, type MapViewState, type PickingInfo } from '@deck.gl/core';
import { GeoJsonLayer, ScatterplotLayer } from '@deck.gl/layers';
import DeckGL from '@deck.gl/react';
import { TestId, type HeatSightMetric } from '@halo/shared';
import { Callout } from '@blueprintjs/core';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordMeasure } from '../../lib/measures';
import { webSettings } from '../../lib/settings';
import { useDarkTheme } from '../../lib/theme';
import { worldBorders, worldCountries } from './basemap';
import { HairlineLayer } from './hairlineLayer';
import { heatNearLongitude, WARM_UP_HEAT, type HeatData } from './heatLayerData';
import { HEAT_AGGREGATION, type MapDevice } from '../../lib/fleet';
import { heatColorDomain, heatColorRange } from './heatMetrics';
import { SteadyHeatmapLayer } from './steadyHeatmapLayer';
import type { StyleBasemapProps } from './StyleBasemap';
import { HEATSIGHT_DRAW_MEASURE, HEATSIGHT_FIRST_HEAT_MEASURE, type HeatDrawnDetail } from './heatSightMeasures';
import type { MapFocus } from './heatSightLink';
import { DEVICE_ZOOM, deviceColor, heatView, hex, viewOf, WORLD_VIEW, type MapView } from './heatSightView';

const HEAT_RADIUS_PIXELS = 40;
const WEIGHTS_TEXTURE_SIZE = 512;
/** The world's copies side by side, so the Pacific is whole on both sides of the antimeridian. */
const REPEATED_WORLD = new DeckMapView({ repeat: true });

/** MapLibre and its style: loaded only when HALO_MAP_STYLE_URL is set. */
const LazyStyleBasemap = lazy(() => import('./StyleBasemap'));

/** deck.gl places a child with a `mapStyle` prop under its canvas and hands it the view. */
function StyleBasemapSlot(props: StyleBasemapProps) {
  return (
    <Suspense fallback={null}>
      <LazyStyleBasemap {...props} />
    </Suspense>
  );
}

export interface HeatSightMapProps {
  readonly metric: HeatSightMetric;
  /** The heat to draw (binary attributes; NO_HEAT while there is none). */
  readonly heat: HeatData;
  /** Changes whenever `heat` holds new values, even in the same arrays. */
  readonly heatVersion: string | number;
  /** The devices to draw as points once zoomed in to DEVICE_ZOOM. */
  readonly devices: readonly MapDevice[];
  /** The view moved: the page picks the heat's scale and the area whose devices it lists. */
  readonly onView: (view: MapView) => void;
  /** Where to look first (a link from a position); otherwise the fleet, once it is known. */
  readonly focus: MapFocus | null;
  readonly onOpenDevice: (device: MapDevice) => void;
}

/**
 * The deck.gl map: the offline world (Natural Earth countries, wrapped across the
 * antimeridian), the heat of the chosen metric, and the devices once zoomed in.
 */
export function HeatSightMap({ metric, heat, heatVersion, devices, onView, focus, onOpenDevice }: HeatSightMapProps) {
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
  // The first time there is heat, and no address asked for a place, show all of it.
  useEffect(() => {
    if (fitted.current) return;
    const element = container.current;
    const view = heatView(heat, element?.clientWidth ?? 0, element?.clientHeight ?? 0);
    if (view) {
      fitted.current = true;
      setViewState(view);
    }
  }, [heat]);

  // The page learns where the map looks (the heat's scale, the devices to list).
  useEffect(() => {
    const element = container.current;
    if (!element || element.clientWidth <= 0 || element.clientHeight <= 0) return;
    onView(viewOf(viewState, element.clientWidth, element.clientHeight));
  }, [viewState, onView]);

  // Devices as points only from a city's zoom.
  const zoomedIn = viewState.zoom >= DEVICE_ZOOM;

  // What each frame costs, and when heat first shows (tests/bench/heatsight.bench.ts).
  const timing = useRef({ mounted: 0, drawStart: 0, heatShown: false });
  useEffect(() => {
    timing.current.mounted = performance.now();
  }, []);
  // What the next frame draws, for onAfterRender (deck.gl draws after React commits).
  const drawnHeat = useRef<{ version: string | number; points: number }>({ version: '', points: 0 });
  const points = heat.length;
  useLayoutEffect(() => {
    drawnHeat.current = { version: heatVersion, points };
  }, [heatVersion, points]);
  const onBeforeRender = () => {
    timing.current.drawStart = performance.now();
  };
  const onAfterRender = () => {
    const now = performance.now();
    recordMeasure(HEATSIGHT_DRAW_MEASURE, timing.current.drawStart, now);
    const { version, points } = drawnHeat.current;
    if (points > 0 && !timing.current.heatShown) {
      timing.current.heatShown = true;
      const detail: HeatDrawnDetail = { points };
      recordMeasure(HEATSIGHT_FIRST_HEAT_MEASURE, timing.current.mounted, now, detail);
    }
    const drawn = points > 0 ? String(version) : '';
    if (container.current && container.current.dataset.heatDrawn !== drawn) container.current.dataset.heatDrawn = drawn;
  };

  // With a MapLibre style configured it draws the world; the built-in one is the fallback.
  const [styleFailure, setStyleFailure] = useState<string | null>(null);
  const mapStyle = styleFailure === null ? webSettings.map_style_url : null;

  // One layer per theme: the world's triangles are costly to build under software WebGL.
  // The same array while the theme stays: a new one makes deck.gl look at the world again.
  const world = useMemo(
    () => [
      new GeoJsonLayer({
        id: 'world',
        data: worldCountries(),
        filled: true,
        stroked: false,
        wrapLongitude: true,
        getFillColor: dark ? hex('#2F343C') : hex('#E5E8EB'),
      }),
      new HairlineLayer({
        id: 'borders',
        segments: worldBorders(),
        color: dark ? hex('#5F6B7C', 200) : hex('#ABB3BF', 220),
      }),
    ],
    [dark],
  );

  // Stable across updates: a new colour range would rebuild the layer's colour texture.
  const colorDomain = useMemo(() => heatColorDomain(metric), [metric]);
  const colorRange = useMemo(() => heatColorRange(metric), [metric]);
  // Near the view's centre, so the repeated world shows all of it. The same object as `heat`
  // unless some point is half a world away (a view over the Pacific, or zoomed out).
  const centre = viewState.longitude;
  const heatInView = useMemo(
    () => (heat.length === 0 ? WARM_UP_HEAT : heatNearLongitude(heat, centre)),
    // heatVersion: new values in the same arrays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [heat, heatVersion, centre],
  );
  const layers = [
    // There even before the first heat: its programs are built while the heat is on its way.
    new SteadyHeatmapLayer({
      id: 'heat',
      data: heatInView,
      radiusPixels: HEAT_RADIUS_PIXELS,
      // Smaller than deck.gl's 2048: the weights are redrawn on every update, and a quarter
      // of the pixels keeps that cheap where WebGL runs in software (no GPU on the host).
      weightsTextureSize: WEIGHTS_TEXTURE_SIZE,
      intensity: 1,
      threshold: 0.03,
      aggregation: HEAT_AGGREGATION[metric],
      colorDomain,
      colorRange,
      updateTriggers: { getWeight: [heatVersion], getPosition: [heatVersion], getCount: [heatVersion] },
    }),
    // Not even created further out: an idle layer still compiles its shaders.
    zoomedIn
      ? new ScatterplotLayer<MapDevice>({
          id: 'devices',
          data: devices,
          pickable: true,
          getPosition: (device) => [device.position[0], device.position[1]],
          getFillColor: deviceColor,
          getLineColor: dark ? [246, 247, 249, 255] : [28, 33, 39, 255],
          stroked: true,
          lineWidthUnits: 'pixels',
          getLineWidth: 1,
          radiusUnits: 'pixels',
          getRadius: 5,
          updateTriggers: { getFillColor: [devices], getLineColor: [dark] },
        })
      : null,
  ];

  const tooltip = ({ object, layer }: PickingInfo<MapDevice>) => {
    if (!object || layer?.id !== 'devices') return null;
    const status = t(object.connected ? 'heatSight.tooltip.connected' : 'heatSight.tooltip.disconnected');
    const links = t('heatSight.tooltip.links', { online: object.linksOnline, total: object.linksTotal });
    return {
      text: `${object.name}\n${status}\n${links}\n${t('heatSight.tooltip.open')}`,
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
      {/* The world on a canvas of its own, redrawn only when the view moves: a live update
          redraws the heat alone. */}
      {mapStyle ? null : (
        <DeckGL
          views={REPEATED_WORLD}
          viewState={viewState}
          layers={world}
          controller={false}
          style={{ pointerEvents: 'none' }}
        />
      )}
      <DeckGL
        views={REPEATED_WORLD}
        viewState={viewState}
        onViewStateChange={({ viewState: next }) => setViewState(next)}
        controller={{ dragRotate: false, touchRotate: false }}
        layers={layers}
        getTooltip={tooltip}
        onClick={(info: PickingInfo<MapDevice>) => {
          if (info.object && info.layer?.id === 'devices') onOpenDevice(info.object);
        }}
        getCursor={({ isHovering, isDragging }) => (isDragging ? 'grabbing' : isHovering ? 'pointer' : 'grab')}
        onBeforeRender={onBeforeRender}
        onAfterRender={onAfterRender}
      >
        {mapStyle ? <StyleBasemapSlot mapStyle={mapStyle} onFailed={setStyleFailure} /> : null}
      </DeckGL>
      {styleFailure !== null ? (
        <Callout intent="warning" compact className="heatsight-style-failed" data-testid={TestId.heatSight.styleFailed}>
          {t('heatSight.styleFailed')}
          {/* MapLibre's own words (a URL, an HTTP error): kept left to right in a Hebrew page. */}
          <div className="heatsight-style-reason">
            <bdi dir="ltr">{styleFailure}</bdi>
          </div>
        </Callout>
      ) : null}
    </div>
  );
}
