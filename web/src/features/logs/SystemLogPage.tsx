import { Button, Checkbox, Tag } from '@blueprintjs/core';
import { API, TestId, type SystemLogEntry } from '@halo/shared';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../lib/api';
import { appLogTail } from '../../lib/fleet';
import { ATTRIBUTE_LABEL_KEYS, SEVERITY_LABEL_KEYS } from '../../lib/i18n';
import { useSessionSubject } from '../../lib/session';
import { ExportButton } from './components/ExportButton';
import { FilterMenu } from './components/FilterMenu';
import { LogTable } from './components/LogTable';
import { severityColor, systemLogColumns } from './logColumns';
import { TextFilter } from './components/TextFilter';
import { TimeRangePicker } from './components/TimeRangePicker';
import { closedBounds, rangeIsLive, readTimeRange, timeBounds, withFilter, writeTimeRange } from './logQuery';
import {
  ATTRIBUTE_TYPES,
  matchesSystemLogFilters,
  readSystemLogFilters,
  SEVERITIES,
  systemLogQuery,
} from './systemLogFilter';
import { useLogPages } from './useLogPages';
import { useServerTime } from './useServerTime';

// The chart library is loaded with the first histogram, not with the app.
const SeverityHistogram = lazy(() => import('./components/SeverityHistogram'));

const PAGE_SIZE = 100;
/** Rows kept on screen: live entries push the oldest out (they can be loaded again). */
const ROW_CAP = 2000;
/** Scrolled further than this from the top, the live tail pauses so the rows stay still. */
const PAUSE_SCROLL_PX = 40;
/** Waiting entries kept while paused; beyond it the newest are kept. */
const WAITING_CAP = 1000;
/** The histogram follows live entries at most this often. */
const HISTOGRAM_REFRESH_MS = 5000;

/**
 * /logs/system-log: what the devices reported, newest first. Filters (device, severities,
 * attribute types, alerts only, time range) live in the address. While the range reaches now
 * the list follows the gateway's live `logs.system` stream: new entries appear at the top;
 * scrolling away or the pause button holds them back and says how many wait. A histogram
 * shows the volume by severity over the range; CSV exports everything the filters select.
 */
export function SystemLogPage() {
  const { t } = useTranslation();
  const { environmentId } = useSessionSubject();
  const serverTime = useServerTime();
  const [params, setParams] = useSearchParams();
  const range = readTimeRange(params);
  const filters = readSystemLogFilters(params);
  const queryKey = `${environmentId}?${params.toString()}`;
  // The live tail's state belongs to one view: a new view starts live with nothing held back.
  const [tail, setTail] = useState<{
    readonly view: string;
    readonly paused: boolean;
    readonly waiting: readonly SystemLogEntry[];
  }>({ view: queryKey, paused: false, waiting: [] });
  const current = tail.view === queryKey ? tail : { view: queryKey, paused: false, waiting: [] };
  const { paused, waiting } = current;
  const setPaused = (value: boolean) => setTail({ ...current, paused: value });
  const [histogramKey, setHistogramKey] = useState(0);
  const scroller = useRef<HTMLDivElement | null>(null);
  const apiFilters = () => ({ ...timeBounds(range, serverTime()), ...systemLogQuery(filters) });

  const pages = useLogPages<SystemLogEntry>(
    async (olderThan, signal) =>
      (
        await api.call(
          API.logs.systemLogs,
          {
            params: { environmentId },
            query: { ...apiFilters(), page_size: PAGE_SIZE, ...(olderThan ? { object_id: olderThan } : {}) },
          },
          { signal },
        )
      ).system_logs,
    queryKey,
    { pageSize: PAGE_SIZE, cap: ROW_CAP },
  );

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
          state.view === queryKey
            ? { ...state, waiting: [...matching, ...state.waiting].slice(0, WAITING_CAP) }
            : state,
        );
      else latest.current.prepend(matching);
      if (Date.now() - lastHistogram > HISTOGRAM_REFRESH_MS) {
        lastHistogram = Date.now();
        setHistogramKey((key) => key + 1);
      }
    });
    return () => subscription.unsubscribe();
  }, [logTail, live, queryKey]);

  // Measured when the view or the live tail moves it, not on every render.
  const histogramQuery = useMemo(
    () => ({ ...closedBounds(range, serverTime()), ...systemLogQuery(filters) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- range and filters are read from queryKey's params
    [queryKey, histogramKey, serverTime],
  );

  const showWaiting = () => {
    pages.prepend(waiting);
    setTail({ view: queryKey, paused: false, waiting: [] });
    scroller.current?.scrollTo({ top: 0 });
  };

  return (
    <section className="logs-screen" data-testid={TestId.logs.screen('system')}>
      <div className="logs-toolbar">
        <TimeRangePicker value={range} onChange={(next) => setParams(writeTimeRange(params, next))} />
        <TextFilter
          value={filters.deviceName}
          onCommit={(value) => setParams(withFilter(params, 'device', value))}
          icon="satellite"
          labelKey="logs.system.device"
          testId={TestId.logs.device}
        />
        {filters.deviceIds.map((id) => (
          <Tag
            key={id}
            onRemove={() =>
              setParams(
                withFilter(
                  params,
                  'devices',
                  filters.deviceIds.filter((other) => other !== id),
                ),
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
          onChange={(selected) => setParams(withFilter(params, 'severities', selected))}
        />
        <FilterMenu
          name="types"
          labelKey="logs.columns.attribute"
          options={ATTRIBUTE_TYPES.map((value) => ({ value, labelKey: ATTRIBUTE_LABEL_KEYS[value] }))}
          selected={filters.types}
          onChange={(selected) => setParams(withFilter(params, 'types', selected))}
        />
        <Checkbox
          className="logs-checkbox"
          label={t('logs.system.alertsOnly')}
          checked={filters.alertsOnly}
          onChange={(event) => setParams(withFilter(params, 'alerts', event.currentTarget.checked ? '1' : ''))}
          data-testid={TestId.logs.filter('alerts')}
        />
        <span className="logs-toolbar-spacer" />
        {live && (
          <Button
            icon={paused ? 'play' : 'pause'}
            intent={paused ? 'warning' : 'success'}
            minimal
            text={paused ? t('logs.system.paused') : t('logs.system.live')}
            onClick={() => (paused ? showWaiting() : setPaused(true))}
            data-testid={TestId.logs.live}
            data-state={paused ? 'paused' : 'live'}
          />
        )}
        <ExportButton
          download={(lang) =>
            api.call(API.logs.systemLogsExport, { params: { environmentId }, query: { ...apiFilters(), lang } })
          }
        />
      </div>
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
      <LogTable
        columns={systemLogColumns(t)}
        entries={pages.entries}
        loading={pages.loading}
        error={pages.error}
        hasMore={pages.hasMore}
        onLoadOlder={pages.loadOlder}
        accentOf={(entry) => severityColor(entry.severity)}
        emptyKey="logs.system.empty"
        scrollRef={(element) => {
          scroller.current = element;
        }}
        onScroll={(event) => {
          if (live && !paused && event.currentTarget.scrollTop > PAUSE_SCROLL_PX) setPaused(true);
        }}
      />
    </section>
  );
}
