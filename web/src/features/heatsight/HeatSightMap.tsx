import { MapView as DeckMapView, WebMercatorViewport, type MapViewState, type PickingInfo } from '@deck.gl/core';
import { PathLayer, ScatterplotLayer } from '@deck.gl/layers';
import DeckGL from '@deck.gl/react';
import { TestId, THEME_COLORS, type HeatSightMetric } from '@halo/shared';
import { Callout, Icon, Tag } from '@blueprintjs/core';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leftToRight } from '../../lib/i18n';
import { recordMeasure } from '../../lib/measures';
import { webSettings } from '../../lib/settings';
import { useDarkTheme } from '../../lib/theme';
import { rgba, StyleBasemapSlot, worldLayers } from '../../lib/map';
import { heatNearLongitude, longitudeNear, WARM_UP_HEAT, type HeatData } from './heatLayerData';
import { HEAT_AGGREGATION, type MapArea, type MapDevice } from '../../lib/fleet';
import { heatColorDomain, heatColorRange } from './heatMetrics';
import { SteadyHeatmapLayer } from './steadyHeatmapLayer';
import { HEATSIGHT_DRAW_MEASURE, HEATSIGHT_FIRST_HEAT_MEASURE, type HeatDrawnDetail } from './heatSightMeasures';
import type { MapFocus, MapPin } from './heatSightLink';
import { areaOutline } from './drillCell';
import {
  deviceColor,
  fitView,
  heatOpacityAt,
  showsDeviceMarkers,
  viewOf,
  HEAT_RADIUS_PIXELS,
  WORLD_VIEW,
  type MapView,
} from './heatSightView';
import { useTimeFormat } from '../../lib/time-zone';

/** How near a marker the pointer must come to point at it. */
const PICKING_RADIUS_PIXELS = 4;
const WEIGHTS_TEXTURE_SIZE = 512;
/** The world's copies side by side, so the Pacific is whole on both sides of the antimeridian. */
const REPEATED_WORLD = new DeckMapView({ repeat: true });

export interface HeatSightMapProps {
  readonly metric: HeatSightMetric;
  /** The heat to draw (binary attributes; NO_HEAT while there is none). */
  readonly heat: HeatData;
  /** Changes whenever `heat` holds new values, even in the same arrays. */
  readonly heatVersion: string | number;
  /** The devices to draw as markers once zoomed in to DEVICE_ZOOM. */
  readonly devices: readonly MapDevice[];
  /** The view moved: the page picks the heat's scale and the area whose devices it lists. */
  readonly onView: (view: MapView) => void;
  /** Where to look first (a link from a position); otherwise `fit`, once it is known. */
  readonly focus: MapFocus | null;
  /** The area to open on when no address named a view (the fleet's bounds); null until known. */
  readonly fit: MapArea | null;
  /** A position the address marked (a message's), drawn as a pin with its time. */
  readonly pin: MapPin | null;
  /** The cell the tooltip speaks of, and the cell whose devices the panel lists: outlined. */
  readonly hoverArea: MapArea | null;
  readonly openArea: MapArea | null;
  /** The pointer moved over the map (null: it left, or the map moved under it). */
  readonly onPointer: (pointer: MapPointer | null) => void;
  /** A click on the map: on a marker (`device`), or on a cell. */
  readonly onPick: (pointer: MapPointer) => void;
}

/** Where the pointer is: on the map (degrees) and on its canvas (pixels), and the marker under it. */
export interface MapPointer {
  readonly longitude: number;
  readonly latitude: number;
  readonly x: number;
  readonly y: number;
  readonly zoom: number;
  readonly device: MapDevice | null;
}

/**
 * The deck.gl map: the offline world (Natural Earth countries, wrapped across the
 * antimeridian), the heat of the chosen metric, the devices as markers once zoomed in, the
 * drill-down's cells outlined, and a linked position's pin. What the pointer is over goes to the
 * page (onPointer, onPick), which says what is there.
 */
export function HeatSightMap({
  metric,
  heat,
  heatVersion,
  devices,
  onView,
  focus,
  fit,
  pin,
  hoverArea,
  openArea,
  onPointer,
  onPick,
}: HeatSightMapProps) {
  const { t } = useTranslation();
  const format = useTimeFormat();
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
  // The first time the fleet's bounds are known, and no address asked for a place, show all of it.
  useEffect(() => {
    const element = container.current;
    if (fitted.current || !fit || !element) return;
    const view = fitView(fit, element.clientWidth, element.clientHeight);
    if (view) {
      fitted.current = true;
      setViewState(view);
    }
  }, [fit]);

  // The canvas's size, for placing the pin (an element over the canvas, not a layer).
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = container.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setSize({ width: element.clientWidth, height: element.clientHeight }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The page learns where the map looks (the heat's scale, the devices to list).
  useEffect(() => {
    const element = container.current;
    if (!element || element.clientWidth <= 0 || element.clientHeight <= 0) return;
    onView(viewOf(viewState, element.clientWidth, element.clientHeight));
  }, [viewState, onView]);

  // Devices as markers only from a town's zoom.
  const zoomedIn = showsDeviceMarkers(viewState.zoom);

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
  const world = useMemo(() => worldLayers(dark), [dark]);

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
      // Beneath the markers it fades, still saying how the area fares.
      opacity: heatOpacityAt(viewState.zoom),
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
          getPosition: (device) => [longitudeNear(device.position[0], centre), device.position[1]],
          getFillColor: deviceColor,
          getLineColor: dark ? [246, 247, 249, 255] : [28, 33, 39, 255],
          stroked: true,
          lineWidthUnits: 'pixels',
          getLineWidth: 1,
          radiusUnits: 'pixels',
          getRadius: 5,
          updateTriggers: { getPosition: [centre], getFillColor: [devices], getLineColor: [dark] },
        })
      : null,
    ...[
      { id: 'hover-cell', area: hoverArea, width: 1, alpha: 150 },
      { id: 'open-cell', area: openArea, width: 2.5, alpha: 255 },
    ].map(({ id, area, width, alpha }) =>
      area
        ? new PathLayer<[number, number][]>({
            id,
            data: [areaOutline(area, centre)],
            getPath: (path) => path,
            getColor: dark ? rgba('#F6F7F9', alpha) : rgba(THEME_COLORS.primary, alpha),
            getWidth: width,
            widthUnits: 'pixels',
            updateTriggers: { getColor: [dark] },
          })
        : null,
    ),
  ];

  const pointerOf = (info: PickingInfo<MapDevice>): MapPointer | null => {
    const [longitude, latitude] = info.coordinate ?? [];
    if (info.x < 0 || info.y < 0 || longitude === undefined || latitude === undefined) return null;
    const device = info.layer?.id === 'devices' ? (info.object ?? null) : null;
    return { longitude, latitude, x: info.x, y: info.y, zoom: viewState.zoom, device };
  };

  // The pin, where the view puts it (on the copy of the world nearest the centre).
  const pinAt =
    pin && size.width > 0
      ? new WebMercatorViewport({ ...viewState, width: size.width, height: size.height }).project([
          longitudeNear(pin.longitude, centre),
          pin.latitude,
        ])
      : null;
  const pinTime = pin === null || pin.time === null ? null : leftToRight(format.dateTime(pin.time));

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
        onViewStateChange={({ viewState: next }) => {
          setViewState(next);
          // What was under the pointer moved away from it.
          onPointer(null);
        }}
        controller={{ dragRotate: false, touchRotate: false }}
        layers={layers}
        pickingRadius={PICKING_RADIUS_PIXELS}
        onHover={(info: PickingInfo<MapDevice>) => onPointer(pointerOf(info))}
        onClick={(info: PickingInfo<MapDevice>) => {
          const pointer = pointerOf(info);
          if (pointer) onPick(pointer);
        }}
        getCursor={({ isHovering, isDragging }) => (isDragging ? 'grabbing' : isHovering ? 'pointer' : 'grab')}
        onBeforeRender={onBeforeRender}
        onAfterRender={onAfterRender}
      >
        {mapStyle ? <StyleBasemapSlot mapStyle={mapStyle} onFailed={setStyleFailure} /> : null}
      </DeckGL>
      {pinAt ? (
        <div
          className="heatsight-pin"
          style={{ left: `${pinAt[0]}px`, top: `${pinAt[1]}px` }}
          role="img"
          aria-label={pinTime === null ? t('heatSight.drill.pinPlain') : t('heatSight.drill.pin', { time: pinTime })}
          data-testid={TestId.heatSight.pin}
        >
          <Icon icon="map-marker" size={28} color={THEME_COLORS.primary} />
          {pinTime === null ? null : (
            <Tag className="heatsight-pin-time" intent="primary">
              {pinTime}
            </Tag>
          )}
        </div>
      ) : null}
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
