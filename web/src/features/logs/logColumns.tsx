import { Tag } from '@blueprintjs/core';
import { SEVERITY_COLORS, SEVERITY_NAMES, TestId, type Severity, type SystemLogEntry } from '@halo/shared';
import type { TFunction } from 'i18next';
import { DeviceLink } from '../../components';
import { codeLabelText, logEntryText } from '../../lib/i18n';
import type { LogColumn } from './components/LogTable';
import { Timestamp } from '../../lib/time-zone';

/** A severity's colour (section 9); an unknown one reads as critical. */
export const severityColor = (severity: number) => SEVERITY_COLORS[SEVERITY_NAMES[severity as Severity] ?? 'critical'];

/** The system log's columns (section 3), shared by the system log and a device's log. */
export function systemLogColumns(t: TFunction): LogColumn<SystemLogEntry>[] {
  return [
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
      key: 'device',
      labelKey: 'logs.columns.device',
      render: (entry) =>
        entry.device_id !== null && entry.device_name !== null ? (
          <DeviceLink id={entry.device_id} name={entry.device_name} testId={TestId.logs.deviceLink(entry.id)} />
        ) : (
          <span dir="auto">{entry.device_name ?? '-'}</span>
        ),
    },
    {
      key: 'attribute',
      labelKey: 'logs.columns.attribute',
      render: (entry) => codeLabelText(t, 'attribute', entry.device_attribute_type),
    },
    {
      key: 'event',
      labelKey: 'logs.columns.event',
      render: (entry) => <span title={entry.event_type}>{codeLabelText(t, 'systemEvent', entry.event_type)}</span>,
    },
    { key: 'value', labelKey: 'logs.columns.value', render: (entry) => <span dir="ltr">{entry.value ?? '-'}</span> },
    {
      key: 'severity',
      labelKey: 'logs.columns.severity',
      render: (entry) => (
        <Tag
          minimal
          style={{ color: severityColor(entry.severity) }}
          icon={entry.is_alert ? 'notifications' : undefined}
        >
          {codeLabelText(t, 'severity', entry.severity)}
        </Tag>
      ),
    },
    {
      key: 'description',
      labelKey: 'logs.columns.description',
      render: (entry) => {
        const { text, dir } = logEntryText(t, entry);
        return <span dir={dir}>{text}</span>;
      },
    },
  ];
}
