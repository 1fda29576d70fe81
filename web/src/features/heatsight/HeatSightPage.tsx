import './heatsight.css';
import { Button, ButtonGroup, Callout, Card, HTMLSelect, Slider, Spinner } from '@blueprintjs/core';
import {
  API,
  decodeHistory,
  formatServerClock,
  HEATSIGHT_METRICS,
  HEATSIGHT_WINDOW_NAMES,
  heatSightReach,
  ROUTES,
  TestId,
  type Environment,
  type HeatSightHistory,
  type HeatSightMetric,
  type HeatSightWindow,
} from '@halo/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { setListSearch, type ListSearchNavigationState } from '../../crud';
import { api, errorMessage, useApiValue } from '../../lib/api';
import { appFleet, type MapDevice } from '../../lib/fleet';
import { leftToRight } from '../../lib/i18n';
import { useSessionSubject } from '../../lib/session';
import { liveHeatData, NO_HEAT } from './heatLayerData';
import { METRICS } from './heatMetrics';
import { focusOf } from './heatSightLink';
import { HeatSightMap } from './HeatSightMap';
import { PLAYBACK_STEPS, useHistoryPlayback } from './useHistoryPlayback';
import { useLiveHeat } from './useLiveHeat';

type Mode = 'live' | 'history';

/** Where the history comes from: an environment, alone or with every one below it. */
interface Scope {
  readonly environmentId: number;
  readonly subtree: boolean;
}

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
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { subject, environmentId } = useSessionSubject();
  const reachesBelow = heatSightReach(subject?.enabled_feature_ids) === 'descendants';
  const focus = useMemo(() => focusOf(search), [search]);

  const [mode, setMode] = useState<Mode>('live');
  const [metric, setMetric] = useState<HeatSightMetric>('poorLinks');
  const [window, setWindow] = useState<HeatSightWindow>('24h');
  const [scope, setScope] = useState<Scope>({ environmentId, subtree: false });
  const liveAvailable = METRICS[metric].live && scope.environmentId === environmentId;
  const showing: Mode = mode === 'live' && !METRICS[metric].live ? 'history' : mode;

  const fleet = useMemo(() => appFleet(environmentId), [environmentId]);
  const watchingLive = showing === 'live' && liveAvailable;
  const ownScope = scope.environmentId === environmentId;
  const { feedState, live, devices, onView } = useLiveHeat(fleet, metric, { watching: watchingLive, ownScope });

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

  const openDevice = (device: MapDevice) => {
    setListSearch('devices', device.name);
    const state: ListSearchNavigationState = { listSearch: device.name };
    void navigate(ROUTES.devices, { state });
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
  // Written like every time on screen (the server clock's format, UTC), kept whole in Hebrew text.
  const formatTime = (time: number) => leftToRight(formatServerClock(time));

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
        <span className="heatsight-status" data-testid={TestId.heatSight.status} aria-live="polite">
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
          onView={onView}
          focus={focus}
          onOpenDevice={openDevice}
        />
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

/** What the colours mean: the metric's scale from its low end to its high end. */
function Legend({ metric }: { readonly metric: HeatSightMetric }) {
  const { t } = useTranslation();
  const spec = METRICS[metric];
  const stops = spec.colorRange.map(([red, green, blue]) => `rgb(${red}, ${green}, ${blue})`).join(', ');
  return (
    <Card className="heatsight-legend" data-testid={TestId.heatSight.legend}>
      <div className="heatsight-legend-title">{t(spec.legendKey)}</div>
      <div className="heatsight-legend-bar" style={{ background: `linear-gradient(to right, ${stops})` }} />
      <div className="heatsight-legend-ends">
        <span>{t(spec.lowKey)}</span>
        <span>{t(spec.highKey)}</span>
      </div>
    </Card>
  );
}
