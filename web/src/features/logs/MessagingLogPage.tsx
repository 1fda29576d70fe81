import { Button, Tag } from '@blueprintjs/core';
import { API, formatTimestamp, KNOWN_SATCOM_NETWORKS, TestId, type SatcomMessage } from '@halo/shared';

import { useTranslation } from 'react-i18next';
import { ShowOnHeatSight } from '../heatsight';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../lib/api';
import { codeLabelText, SEVERITY_LABEL_KEYS } from '../../lib/i18n';
import { useSessionSubject } from '../../lib/session';
import { ExportButton } from './components/ExportButton';
import { FilterMenu } from './components/FilterMenu';
import { LogTable, type LogColumn } from './components/LogTable';
import { TextFilter } from './components/TextFilter';
import { TimeRangePicker } from './components/TimeRangePicker';
import { oneOf, readList, readText, readTimeRange, timeBounds, withFilter, writeTimeRange } from './logQuery';
import { SEVERITIES } from './systemLogFilter';
import { severityColor } from './logColumns';
import { useLogPages } from './useLogPages';
import { useServerTime } from './useServerTime';

const PAGE_SIZE = 100;
const NETWORK_NAME = /^[\w .-]{1,64}$/;

const coordinate = (value: number | null) => (value === null ? '-' : value.toFixed(5));

/**
 * /logs/messaging-log: the satellite messages the devices exchanged (section 3's columns), with
 * the time range, free text, device, severity and network filters in the address, older pages
 * by cursor and a CSV export of everything the filters select.
 */
export function MessagingLogPage() {
  const { t } = useTranslation();
  const { environmentId } = useSessionSubject();
  const serverTime = useServerTime();
  const [params, setParams] = useSearchParams();
  const range = readTimeRange(params);
  const text = readText(params, 'q');
  const device = readText(params, 'device');
  const severities = readList(params, 'severities', oneOf(SEVERITIES));
  const networks = readList(params, 'networks', (item) => (NETWORK_NAME.test(item) ? item : null));
  const filters = () => ({
    ...timeBounds(range, serverTime()),
    ...(text ? { free_text: text } : {}),
    ...(device ? { device_name: device } : {}),
    ...(severities.length ? { severities } : {}),
    ...(networks.length ? { networks } : {}),
  });
  const pages = useLogPages<SatcomMessage>(
    async (olderThan, signal) =>
      (
        await api.call(
          API.logs.satcomMessages,
          {
            params: { environmentId },
            query: { ...filters(), page_size: PAGE_SIZE, ...(olderThan ? { object_id: olderThan } : {}) },
          },
          { signal },
        )
      ).satcom_messages,
    `${environmentId}?${params.toString()}`,
    { pageSize: PAGE_SIZE },
  );
  const knownNetworks = [
    ...new Set([
      ...KNOWN_SATCOM_NETWORKS,
      ...networks,
      ...pages.entries.flatMap((message) => (message.network ? [message.network] : [])),
    ]),
  ];
  const columns: LogColumn<SatcomMessage>[] = [
    {
      key: 'time',
      labelKey: 'logs.columns.time',
      className: 'logs-time',
      render: (entry) => <span dir="ltr">{formatTimestamp(entry.log_time)}</span>,
    },
    {
      key: 'satcomTime',
      labelKey: 'logs.columns.satcomTime',
      className: 'logs-time',
      render: (entry) => <span dir="ltr">{formatTimestamp(entry.satcom_timestamp)}</span>,
    },
    {
      key: 'device',
      labelKey: 'logs.columns.device',
      className: 'logs-nowrap',
      render: (entry) => (
        <>
          <span dir="auto">{entry.halo_name}</span>
          <div className="bp6-text-muted bp6-text-small" dir="ltr">
            {entry.halo_serial}
          </div>
        </>
      ),
    },
    {
      key: 'imei',
      labelKey: 'logs.columns.imei',
      render: (entry) => <span dir="ltr">{entry.satcom_imei ?? '-'}</span>,
    },
    { key: 'network', labelKey: 'logs.columns.network', render: (entry) => entry.network ?? '-' },
    {
      key: 'severity',
      labelKey: 'logs.columns.severity',
      render: (entry) => (
        <Tag minimal style={{ color: severityColor(entry.severity) }}>
          {codeLabelText(t, 'severity', entry.severity)}
        </Tag>
      ),
    },
    {
      key: 'description',
      labelKey: 'logs.columns.description',
      render: (entry) => <span dir="auto">{entry.description}</span>,
    },
    {
      key: 'position',
      labelKey: 'logs.columns.position',
      render: (entry) => (
        <span className="logs-position-cell">
          <span dir="ltr" className="logs-position">
            {coordinate(entry.lat)}, {coordinate(entry.long)}
            {entry.altitude === null ? '' : ` · ${Math.round(entry.altitude)} m`}
          </span>
          {entry.lat !== null && entry.long !== null ? (
            <ShowOnHeatSight longitude={entry.long} latitude={entry.lat} />
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <section className="logs-screen" data-testid={TestId.logs.screen('messaging')}>
      <div className="logs-toolbar">
        <TimeRangePicker value={range} onChange={(next) => setParams(writeTimeRange(params, next))} />
        <TextFilter
          value={text}
          onCommit={(value) => setParams(withFilter(params, 'q', value))}
          icon="search"
          labelKey="logs.messaging.search"
          testId={TestId.logs.text}
        />
        <TextFilter
          value={device}
          onCommit={(value) => setParams(withFilter(params, 'device', value))}
          icon="satellite"
          labelKey="logs.system.device"
          testId={TestId.logs.device}
        />
        <FilterMenu
          name="severities"
          labelKey="logs.columns.severity"
          options={SEVERITIES.map((value) => ({ value, labelKey: SEVERITY_LABEL_KEYS[value] }))}
          selected={severities}
          onChange={(selected) => setParams(withFilter(params, 'severities', selected))}
        />
        <FilterMenu
          name="networks"
          labelKey="logs.columns.network"
          options={knownNetworks.map((value) => ({ value, label: value }))}
          selected={networks}
          onChange={(selected) => setParams(withFilter(params, 'networks', selected))}
        />
        <span className="logs-toolbar-spacer" />
        <Button icon="refresh" minimal aria-label={t('logs.list.refresh')} onClick={pages.reload} />
        <ExportButton
          download={(lang) =>
            api.call(API.logs.satcomMessagesExport, { params: { environmentId }, query: { ...filters(), lang } })
          }
        />
      </div>
      <LogTable
        columns={columns}
        entries={pages.entries}
        loading={pages.loading}
        error={pages.error}
        hasMore={pages.hasMore}
        onLoadOlder={pages.loadOlder}
        accentOf={(entry) => severityColor(entry.severity)}
        emptyKey="logs.messaging.empty"
      />
    </section>
  );
}
