import { Button, Checkbox, Tag } from '@blueprintjs/core';
import { API, TestId, type SystemLogEntry } from '@halo/shared';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appLogTail } from '../../lib/fleet';
import { ATTRIBUTE_LABEL_KEYS, SEVERITY_LABEL_KEYS } from '../../lib/i18n';
import { FilterMenu } from './components/FilterMenu';
import { TextFilter } from './components/TextFilter';
import { severityColor, systemLogColumns } from './logColumns';
import { closedBounds, rangeIsLive } from './logQuery';
import { LogScreen } from './LogScreen';
import { defineLogScreen } from './logScreenDefinition';
import {
  ATTRIBUTE_TYPES,
  matchesSystemLogFilters,
  readSystemLogFilters,
  SEVERITIES,
  systemLogQuery,
} from './systemLogFilter';
import { useLogScreen } from './useLogScreen';

// The chart library is loaded with the first histogram, not with the app.
const SeverityHistogram = lazy(() => import('./components/SeverityHistogram'));

/** Rows kept on screen: live entries push the oldest out (they can be loaded again). */
const ROW_CAP = 2000;
/** Scrolled further than this from the top, the live tail pauses so the rows stay still. */
const PAUSE_SCROLL_PX = 40;
/** Waiting entries kept while paused; beyond it the newest are kept. */
const WAITING_CAP = 1000;
/** The histogram follows live entries at most this often. */
const HISTOGRAM_REFRESH_MS = 5000;

/** The system log's filters (device name and ids, severities, attribute types, alerts only), the live tail's too. */
const systemLog = defineLogScreen({
  name: 'system',
  endpoints: { list: API.logs.systemLogs, export: API.logs.systemLogsExport },
  rowsOf: (answer) => answer.system_logs,
  readFilters: readSystemLogFilters,
  toQuery: systemLogQuery,
  columns: systemLogColumns,
  accentOf: (entry) => severityColor(entry.severity),
  emptyKey: 'logs.system.empty',
  cap: ROW_CAP,
});

/**
 * /logs/system-log: what the devices reported, newest first. Filters (device, severities,
 * attribute types, alerts only, time range) live in the address. While the range reaches now
 * the list follows the gateway's live `logs.system` stream: new entries appear at the top;
 * scrolling away or the pause button holds them back and says how many wait. A histogram
 * shows the volume by severity over the range; CSV exports everything the filters select.
 */
export function SystemLogPage() {
  const { t } = useTranslation();
  const screen = useLogScreen(systemLog);
  const { environmentId, serverTime, range, filters, view, pages } = screen;
  // The live tail's state belongs to one view: a new view starts live with nothing held back.
  const [tail, setTail] = useState<{
    readonly view: string;
    readonly paused: boolean;
    readonly waiting: readonly SystemLogEntry[];
  }>({ view, paused: false, waiting: [] });
  const current = tail.view === view ? tail : { view, paused: false, waiting: [] };
  const { paused, waiting } = current;
  const setPaused = (value: boolean) => setTail({ ...current, paused: value });
  const [histogramKey, setHistogramKey] = useState(0);
  const scroller = useRef<HTMLDivElement | null>(null);

  const live = rangeIsLive(range);
  const logTail = useMemo(() => appLogTail(environmentId), [environmentId]);
  const latest = useRef({ filters, paused, prepend: pages.prepend });
  useEffect(() => {
    latest.current = { filters, paused, prepend: pages.prepend };
  });
  useEffect(() => {
    if (!live) return undefined;
    let lastHistogram = 0;
    const subscription = logTail.entries$.subscribe((entries) => {
      const matching = entries.filter((entry) => matchesSystemLogFilters(entry, latest.current.filters));
      if (matching.length === 0) return;
      if (latest.current.paused)
        setTail((state) =>
          state.view === view ? { ...state, waiting: [...matching, ...state.waiting].slice(0, WAITING_CAP) } : state,
        );
      else latest.current.prepend(matching);
      if (Date.now() - lastHistogram > HISTOGRAM_REFRESH_MS) {
        lastHistogram = Date.now();
        setHistogramKey((key) => key + 1);
      }
    });
    return () => subscription.unsubscribe();
  }, [logTail, live, view]);

  // Measured when the view or the live tail moves it, not on every render.
  const histogramQuery = useMemo(
    () => ({ ...closedBounds(range, serverTime()), ...systemLogQuery(filters) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- range and filters are read from the view's address
    [view, histogramKey, serverTime],
  );

  const showWaiting = () => {
    pages.prepend(waiting);
    setTail({ view, paused: false, waiting: [] });
    scroller.current?.scrollTo({ top: 0 });
  };

  return (
    <LogScreen
      screen={screen}
      filters={
        <>
          <TextFilter
            value={filters.deviceName}
            onCommit={(value) => screen.setFilter('device', value)}
            icon="satellite"
            labelKey="logs.system.device"
            testId={TestId.logs.device}
          />
          {filters.deviceIds.map((id) => (
            <Tag
              key={id}
              onRemove={() =>
                screen.setFilter(
                  'devices',
                  filters.deviceIds.filter((other) => other !== id),
                )
              }
            >
              {t('logs.system.deviceId', { id })}
            </Tag>
          ))}
          <FilterMenu
            name="severities"
            labelKey="logs.columns.severity"
            options={SEVERITIES.map((value) => ({ value, labelKey: SEVERITY_LABEL_KEYS[value] }))}
            selected={filters.severities}
            onChange={(selected) => screen.setFilter('severities', selected)}
          />
          <FilterMenu
            name="types"
            labelKey="logs.columns.attribute"
            options={ATTRIBUTE_TYPES.map((value) => ({ value, labelKey: ATTRIBUTE_LABEL_KEYS[value] }))}
            selected={filters.types}
            onChange={(selected) => screen.setFilter('types', selected)}
          />
          <Checkbox
            className="logs-checkbox"
            label={t('logs.system.alertsOnly')}
            checked={filters.alertsOnly}
            onChange={(event) => screen.setFilter('alerts', event.currentTarget.checked ? '1' : '')}
            data-testid={TestId.logs.filter('alerts')}
          />
        </>
      }
      // A live list needs no refresh; a closed range has neither.
      actions={
        live && (
          <Button
            icon={paused ? 'play' : 'pause'}
            intent={paused ? 'warning' : 'success'}
            minimal
            text={paused ? t('logs.system.paused') : t('logs.system.live')}
            onClick={() => (paused ? showWaiting() : setPaused(true))}
            data-testid={TestId.logs.live}
            data-state={paused ? 'paused' : 'live'}
          />
        )
      }
      scrollRef={(element) => {
        scroller.current = element;
      }}
      onScroll={(event) => {
        if (live && !paused && event.currentTarget.scrollTop > PAUSE_SCROLL_PX) setPaused(true);
      }}
    >
      <Suspense fallback={<div className="logs-histogram" />}>
        <SeverityHistogram environmentId={environmentId} query={histogramQuery} refreshKey={histogramKey} />
      </Suspense>
      {waiting.length > 0 && (
        <Button
          className="logs-new-entries"
          intent="primary"
          icon="arrow-up"
          text={t('logs.system.newEntries', { count: waiting.length })}
          onClick={showWaiting}
          data-testid={TestId.logs.newEntries}
        />
      )}
    </LogScreen>
  );
}
