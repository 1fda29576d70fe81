import { Tag } from '@blueprintjs/core';
import { API, KNOWN_SATCOM_NETWORKS, TestId, type SatcomMessage } from '@halo/shared';
import type { TFunction } from 'i18next';
import { DeviceLink } from '../../components';
import { codeLabelText, SEVERITY_LABEL_KEYS } from '../../lib/i18n';
import { ShowOnHeatSight } from '../heatsight';
import { FilterMenu } from './components/FilterMenu';
import type { LogColumn } from './components/LogTable';
import { TextFilter } from './components/TextFilter';
import { severityColor } from './logColumns';
import { oneOf, readList, readText } from './logQuery';
import { LogScreen } from './LogScreen';
import { defineLogScreen } from './logScreenDefinition';
import { SEVERITIES } from './systemLogFilter';
import { useLogScreen } from './useLogScreen';
import { Timestamp } from '../../lib/time-zone';

const NETWORK_NAME = /^[\w .-]{1,64}$/;

const coordinate = (value: number | null) => (value === null ? '-' : value.toFixed(5));

const messagingColumns = (t: TFunction): LogColumn<SatcomMessage>[] => [
  {
    key: 'time',
    labelKey: 'logs.columns.time',
    className: 'logs-time',
    render: (entry) => (
      <span dir="ltr">
        <Timestamp iso={entry.log_time} />
      </span>
    ),
  },
  {
    key: 'satcomTime',
    labelKey: 'logs.columns.satcomTime',
    className: 'logs-time',
    render: (entry) => (
      <span dir="ltr">
        <Timestamp iso={entry.satcom_timestamp} />
      </span>
    ),
  },
  {
    key: 'device',
    labelKey: 'logs.columns.device',
    className: 'logs-nowrap',
    render: (entry) => (
      <>
        {entry.device_id !== null && entry.device_id !== undefined ? (
          <DeviceLink id={entry.device_id} name={entry.halo_name} testId={TestId.logs.deviceLink(entry.id)} />
        ) : (
          <span dir="auto">{entry.halo_name}</span>
        )}
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
          <ShowOnHeatSight longitude={entry.long} latitude={entry.lat} pinTime={entry.log_time} />
        ) : null}
      </span>
    ),
  },
];

/** The messaging log's filters: free text, device name, severities and networks (the time range is the kit's). */
const messagingLog = defineLogScreen({
  name: 'messaging',
  endpoints: { list: API.logs.satcomMessages, export: API.logs.satcomMessagesExport },
  rowsOf: (answer) => answer.satcom_messages,
  readFilters: (params) => ({
    text: readText(params, 'q'),
    device: readText(params, 'device'),
    severities: readList(params, 'severities', oneOf(SEVERITIES)),
    networks: readList(params, 'networks', (item) => (NETWORK_NAME.test(item) ? item : null)),
  }),
  toQuery: ({ text, device, severities, networks }) => ({
    ...(text ? { free_text: text } : {}),
    ...(device ? { device_name: device } : {}),
    ...(severities.length ? { severities } : {}),
    ...(networks.length ? { networks } : {}),
  }),
  columns: messagingColumns,
  accentOf: (entry) => severityColor(entry.severity),
  emptyKey: 'logs.messaging.empty',
});

/**
 * /logs/messaging-log: the satellite messages the devices exchanged (section 3's columns), with
 * the time range, free text, device, severity and network filters in the address, older pages
 * by cursor and a CSV export of everything the filters select.
 */
export function MessagingLogPage() {
  const screen = useLogScreen(messagingLog);
  const { text, device, severities, networks } = screen.filters;
  const knownNetworks = [
    ...new Set([
      ...KNOWN_SATCOM_NETWORKS,
      ...networks,
      ...screen.pages.entries.flatMap((message) => (message.network ? [message.network] : [])),
    ]),
  ];
  return (
    <LogScreen
      screen={screen}
      filters={
        <>
          <TextFilter
            value={text}
            onCommit={(value) => screen.setFilter('q', value)}
            icon="search"
            labelKey="logs.messaging.search"
            testId={TestId.logs.text}
          />
          <TextFilter
            value={device}
            onCommit={(value) => screen.setFilter('device', value)}
            icon="satellite"
            labelKey="logs.system.device"
            testId={TestId.logs.device}
          />
          <FilterMenu
            name="severities"
            labelKey="logs.columns.severity"
            options={SEVERITIES.map((value) => ({ value, labelKey: SEVERITY_LABEL_KEYS[value] }))}
            selected={severities}
            onChange={(selected) => screen.setFilter('severities', selected)}
          />
          <FilterMenu
            name="networks"
            labelKey="logs.columns.network"
            options={knownNetworks.map((value) => ({ value, label: value }))}
            selected={networks}
            onChange={(selected) => screen.setFilter('networks', selected)}
          />
        </>
      }
    />
  );
}
