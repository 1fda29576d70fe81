import './heatsight.css';
import { Button, ButtonGroup, Callout, Card, HTMLSelect, Slider, Spinner } from '@blueprintjs/core';
import {
  API,
  can,
  decodeHistory,
  devicePath,
  HEATSIGHT_METRICS,
  HEATSIGHT_WINDOW_NAMES,
  heatSightReach,
  TestId,
  type Environment,
  type HeatSightHistory,
  type HeatSightMetric,
  type HeatSightWindow,
} from '@halo/shared';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { DevicePageNavigationState } from '../../components';
import { api, errorMessage, useApiValue } from '../../lib/api';
import { appFleet, boundsOfPoints, type MapArea } from '../../lib/fleet';
import { leftToRight } from '../../lib/i18n';
import { useSessionSubject } from '../../lib/session';
import { CellPanel, type CellContent } from './CellPanel';
import { drillCellAt, historyAreaSummary, sameArea } from './drillCell';
import { DrillTooltip, placeTooltip, type DrillTip } from './DrillTooltip';
import { historyPositions, liveHeatData, NO_HEAT } from './heatLayerData';
import { METRICS } from './heatMetrics';
import { focusOf, pinOf } from './heatSightLink';
import { Legend } from './HeatSightLegend';
import { HeatSightMap, type MapPointer } from './HeatSightMap';
import { AREA_PAGE_SIZE, useFleetDrill } from './useFleetDrill';
import { PLAYBACK_STEPS, useHistoryPlayback } from './useHistoryPlayback';
import { useLiveHeat } from './useLiveHeat';
import { useTimeFormat } from '../../lib/time-zone';
import { useHeatSightPlace, type Mode, type Scope } from './heatSightPlace';

const WINDOW_LABEL_KEYS: Readonly<Record<HeatSightWindow, string>> = {
  '1h': 'heatSight.windows.hour',
  '24h': 'heatSight.windows.day',
  '7d': 'heatSight.windows.week',
};

const scopeKey = (scope: Scope) => `${scope.environmentId}${scope.subtree ? '+' : ''}`;

/**
 * /services/heatsight: where the fleet's links hold and where they drop. Live, the heat is the
 * FleetFeed's devices as they are now (patched per delta, no polling); History, the provider's
 * position samples of a window with a playback slider. With HeatSight for all environments a
 * scope picks an environment below, or the whole subtree.
 */
export function HeatSightPage() {
  const { t } = useTranslation();
  const format = useTimeFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { subject, environmentId } = useSessionSubject();
  const reachesBelow = heatSightReach(subject?.enabled_feature_ids) === 'descendants';
  const focus = useMemo(() => focusOf(search), [search]);
  const pin = useMemo(() => pinOf(search), [search]);

  // Back from a page it opened shows the place it was left at (heatSightPlace.ts).
  const place = useHeatSightPlace(
    {
      mode: 'live',
      metric: 'poorLinks',
      window: '24h',
      scope: { environmentId, subtree: false },
      openCell: null,
      view: null,
    },
    environmentId,
  );
  const [mode, setMode] = useState<Mode>(place.initial.mode);
  const [metric, setMetric] = useState<HeatSightMetric>(place.initial.metric);
  const [window, setWindow] = useState<HeatSightWindow>(place.initial.window);
  const [scope, setScope] = useState<Scope>(place.initial.scope);
  // An address naming a place goes there; else where this entry was left, if it was.
  const mapFocus = focus ?? place.initial.view;
  const liveAvailable = METRICS[metric].live && scope.environmentId === environmentId;
  const showing: Mode = mode === 'live' && !METRICS[metric].live ? 'history' : mode;

  const fleet = useMemo(() => appFleet(environmentId), [environmentId]);
  const watchingLive = showing === 'live' && liveAvailable;
  const ownScope = scope.environmentId === environmentId;
  const { feedState, live, devices, onView } = useLiveHeat(fleet, metric, { watching: watchingLive, ownScope });
  const { keepView } = place;
  const onMapView = useCallback<typeof onView>(
    (view) => {
      onView(view);
      keepView(view);
    },
    [onView, keepView],
  );

  const environments = useApiValue<readonly Environment[]>(
    async (signal) =>
      reachesBelow
        ? (await api.call(API.environments.list, { params: { environmentId } }, { signal })).environments
        : [],
    `${environmentId}:${reachesBelow}`,
  );

  const history = useApiValue<HeatSightHistory | null>(
    async (signal) => {
      if (showing !== 'history') return null;
      const file = await api.call(
        API.heatSight.samples,
        {
          params: { environmentId: scope.environmentId },
          query: { window, subtree: scope.subtree ? '1' : '0' },
        },
        { signal },
      );
      return decodeHistory(await file.blob.arrayBuffer());
    },
    `${showing}:${scopeKey(scope)}:${window}`,
  );
  const historyValue = showing === 'history' ? (history.value ?? null) : null;
  const {
    playhead,
    playing,
    span,
    slice,
    data: historyData,
    togglePlaying,
    seek,
  } = useHistoryPlayback(historyValue, metric);

  const liveData = useMemo(() => (watchingLive && live ? liveHeatData(live.heat) : null), [watchingLive, live]);

  // The drill-down: live, the fleet worker says what a cell holds; in the history, its samples do.
  const drill = useFleetDrill(fleet.drill, {
    active: watchingLive,
    version: live?.version ?? 0,
    wantBounds: focus === null && (live?.heat.devices ?? 0) > 0,
  });
  const historyBounds = useMemo(
    () => (historyValue ? boundsOfPoints(historyPositions(historyValue)) : null),
    [historyValue],
  );
  const historyFrom = playhead === null ? (historyValue?.from ?? 0) : playhead - slice;
  const historyTo = playhead === null ? (historyValue?.to ?? 0) : playhead;
  const historyOf = useCallback(
    (area: MapArea | null) =>
      historyValue && area ? historyAreaSummary(historyValue, area, historyFrom, historyTo) : null,
    [historyValue, historyFrom, historyTo],
  );

  const tooltip = useRef<HTMLDivElement | null>(null);
  const pointer = useRef<MapPointer | null>(null);
  const [hoveredDevice, setHoveredDevice] = useState<number | null>(null);
  const [hoveredCell, setHoveredCell] = useState<MapArea | null>(null);
  const [openCell, setOpenCell] = useState<MapArea | null>(place.initial.openCell);
  const { keep } = place;
  useEffect(() => keep({ mode, metric, window, scope, openCell }), [keep, mode, metric, window, scope, openCell]);
  const { hover: hoverLive, list: listLive } = drill;
  // A cell left open when this entry was left is listed again once the live heat shows.
  const relisted = useRef(place.initial.openCell === null);
  useEffect(() => {
    if (relisted.current || !watchingLive || openCell === null) return;
    relisted.current = true;
    listLive(openCell, 0);
  }, [watchingLive, openCell, listLive]);
  const onPointer = useCallback(
    (next: MapPointer | null) => {
      pointer.current = next;
      if (tooltip.current && next) placeTooltip(tooltip.current, next.x, next.y);
      const cell = next && !next.device ? drillCellAt(next.longitude, next.latitude, next.zoom) : null;
      setHoveredDevice(next?.device?.id ?? null);
      setHoveredCell((current) => (sameArea(current, cell) ? current : cell));
      hoverLive(cell);
    },
    [hoverLive],
  );
  const closeCell = useCallback(() => {
    setOpenCell(null);
    listLive(null);
  }, [listLive]);
  // Another mode, scope or window: the open cell spoke of what no longer shows.
  const shownKey = `${showing}:${scopeKey(scope)}:${window}`;
  const [seenShown, setSeenShown] = useState(shownKey);
  if (shownKey !== seenShown) {
    setSeenShown(shownKey);
    setOpenCell(null);
  }

  const device = hoveredDevice === null ? undefined : devices.find((each) => each.id === hoveredDevice);
  const liveHovered = drill.hovered && drill.hovered.summary.devices > 0 ? drill.hovered : null;
  const historyHovered = useMemo(
    () => (showing === 'history' ? historyOf(hoveredCell) : null),
    [showing, historyOf, hoveredCell],
  );
  const historyOpen = useMemo(
    () => (showing === 'history' ? historyOf(openCell) : null),
    [showing, historyOf, openCell],
  );
  const mayOpenDevices = can(subject, 'devices.view');
  const tip: DrillTip | null = device
    ? { kind: 'device', device, mayOpen: mayOpenDevices }
    : watchingLive
      ? liveHovered && { kind: 'live', summary: liveHovered.summary }
      : historyHovered && historyHovered.samples > 0
        ? { kind: 'history', summary: historyHovered }
        : null;
  const hoverArea = device ? null : watchingLive ? (liveHovered?.area ?? null) : tip ? hoveredCell : null;
  // The tooltip drawn anew (other content, other size): placed by the pointer again.
  useLayoutEffect(() => {
    if (tooltip.current && pointer.current) placeTooltip(tooltip.current, pointer.current.x, pointer.current.y);
  });

  /** A click: a marker opens its device's page; a cell lists its devices (an empty one closes the list). */
  const onPick = (picked: MapPointer) => {
    if (picked.device) {
      const state: DevicePageNavigationState = { from: { pathname: location.pathname, search: location.search } };
      if (mayOpenDevices) void navigate(devicePath(picked.device.id), { state });
      return;
    }
    const cell = drillCellAt(picked.longitude, picked.latitude, picked.zoom);
    const empty = watchingLive
      ? drill.hovered !== null && sameArea(drill.hovered.area, cell) && drill.hovered.summary.devices === 0
      : (historyOf(cell)?.samples ?? 0) === 0;
    if (empty || (!watchingLive && showing !== 'history')) {
      closeCell();
      return;
    }
    setOpenCell(cell);
    if (watchingLive) listLive(cell, 0);
  };
  const cellContent: CellContent | null =
    openCell === null
      ? null
      : showing === 'history'
        ? { kind: 'history', summary: historyOpen ?? { samples: 0, noLink: 0, linksDown: 0, signal: null } }
        : {
            kind: 'live',
            page: drill.page && sameArea(drill.page.area, openCell) ? drill.page : null,
            pageSize: AREA_PAGE_SIZE,
          };

  const scopeChoices = [
    { value: String(environmentId), label: t('heatSight.scope.own') },
    ...(reachesBelow ? [{ value: `${environmentId}+`, label: t('heatSight.scope.subtree') }] : []),
    ...(environments.value ?? [])
      .filter((environment) => environment.id !== environmentId)
      .map((environment) => ({ value: String(environment.id), label: environment.name })),
  ];
  const onScope = (value: string) =>
    setScope({ environmentId: Number.parseInt(value, 10), subtree: value.endsWith('+') });

  const rows = showing === 'history' ? (historyData?.length ?? 0) : (live?.heat.devices ?? 0);
  // Written like every time on screen (in the reader's zone), kept whole in Hebrew text.
  const formatTime = (time: number) => leftToRight(format.dateTime(time));

  return (
    <section className="heatsight-screen" data-testid={TestId.heatSight.screen}>
      <div className="heatsight-toolbar" role="toolbar" aria-label={t('heatSight.toolbar')}>
        <ButtonGroup>
          {(['live', 'history'] as const).map((choice) => (
            <Button
              key={choice}
              active={showing === choice}
              disabled={choice === 'live' && !liveAvailable}
              onClick={() => setMode(choice)}
              data-testid={TestId.heatSight.mode(choice)}
              icon={choice === 'live' ? 'pulse' : 'history'}
            >
              {t(choice === 'live' ? 'heatSight.modes.live' : 'heatSight.modes.history')}
            </Button>
          ))}
        </ButtonGroup>
        <label className="heatsight-field">
          {t('heatSight.metric')}
          <HTMLSelect
            value={metric}
            onChange={(event) => setMetric(event.currentTarget.value as HeatSightMetric)}
            data-testid={TestId.heatSight.metric}
            options={HEATSIGHT_METRICS.map((value) => ({ value, label: t(METRICS[value].labelKey) }))}
          />
        </label>
        {showing === 'history' ? (
          <label className="heatsight-field">
            {t('heatSight.window')}
            <HTMLSelect
              value={window}
              onChange={(event) => setWindow(event.currentTarget.value as HeatSightWindow)}
              data-testid={TestId.heatSight.window}
              options={HEATSIGHT_WINDOW_NAMES.map((value) => ({ value, label: t(WINDOW_LABEL_KEYS[value]) }))}
            />
          </label>
        ) : null}
        {reachesBelow ? (
          <label className="heatsight-field">
            {t('heatSight.scope.label')}
            <HTMLSelect
              value={scope.subtree ? `${scope.environmentId}+` : String(scope.environmentId)}
              onChange={(event) => onScope(event.currentTarget.value)}
              data-testid={TestId.heatSight.scope}
              options={scopeChoices}
            />
          </label>
        ) : null}
        <span
          className="heatsight-status"
          data-testid={TestId.heatSight.status}
          data-state={showing === 'live' ? feedState.kind : showing}
          aria-live="polite"
        >
          {showing === 'live'
            ? feedState.kind === 'live'
              ? t('heatSight.status.live', { count: rows })
              : t(feedState.kind === 'refused' ? 'devices.live.refused' : 'devices.live.connecting')
            : historyValue
              ? historyValue.mode === 'cells'
                ? t('heatSight.status.cells', { count: historyValue.samples, cells: historyValue.rows })
                : t('heatSight.status.samples', { count: historyValue.samples })
              : null}
        </span>
        {history.loading && showing === 'history' ? <Spinner size={16} /> : null}
      </div>
      {showing === 'history' && historyValue && historyValue.rows > 0 ? (
        <div className="heatsight-playback">
          <Button
            icon={playing ? 'pause' : 'play'}
            aria-label={t(playing ? 'heatSight.playback.pause' : 'heatSight.playback.play')}
            onClick={togglePlaying}
            data-testid={TestId.heatSight.play}
          />
          <div className="heatsight-slider" data-testid={TestId.heatSight.playback}>
            <Slider
              min={historyValue.from + slice}
              max={historyValue.to}
              stepSize={Math.max(1, Math.round((span - slice) / PLAYBACK_STEPS))}
              value={playhead ?? historyValue.to}
              onChange={seek}
              labelRenderer={false}
            />
          </div>
          <span className="heatsight-playhead">
            {playhead === null
              ? t('heatSight.playback.whole', { from: formatTime(historyValue.from), to: formatTime(historyValue.to) })
              : t('heatSight.playback.range', { from: formatTime(playhead - slice), to: formatTime(playhead) })}
          </span>
        </div>
      ) : null}
      {history.error && showing === 'history' ? (
        <Callout intent="danger" className="heatsight-error">
          {errorMessage(t, history.error)}
        </Callout>
      ) : null}
      <div className="heatsight-map-area">
        <HeatSightMap
          metric={metric}
          heat={(showing === 'history' ? historyData : liveData) ?? NO_HEAT}
          heatVersion={
            showing === 'history' ? `${scopeKey(scope)}:${window}:${playhead ?? 'all'}` : (live?.version ?? 0)
          }
          devices={devices}
          onView={onMapView}
          focus={mapFocus}
          fit={mapFocus ? null : (drill.bounds ?? historyBounds)}
          pin={pin}
          hoverArea={hoverArea}
          openArea={openCell}
          onPointer={onPointer}
          onPick={onPick}
        />
        {tip ? <DrillTooltip ref={tooltip} tip={tip} /> : null}
        {cellContent && openCell ? (
          <CellPanel content={cellContent} onPage={(start) => listLive(openCell, start)} onClose={closeCell} />
        ) : null}
        <Legend metric={metric} />
        {showing === 'history' && historyValue && historyValue.rows === 0 ? (
          <Card className="heatsight-empty" data-testid={TestId.heatSight.empty}>
            {t('heatSight.empty.history', { window: t(WINDOW_LABEL_KEYS[window]) })}
          </Card>
        ) : null}
        {showing === 'live' && liveAvailable && rows === 0 ? (
          <Card className="heatsight-empty" data-testid={TestId.heatSight.empty}>
            {feedState.kind === 'live' ? (
              t('heatSight.empty.live')
            ) : feedState.kind === 'refused' ? (
              t('devices.live.refused')
            ) : (
              <span className="heatsight-connecting">
                <Spinner size={16} />
                {t('heatSight.empty.connecting')}
              </span>
            )}
          </Card>
        ) : null}
      </div>
    </section>
  );
}
