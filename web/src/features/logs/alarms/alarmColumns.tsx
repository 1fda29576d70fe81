import { Checkbox, Tag } from '@blueprintjs/core';
import { TestId, type Alarm } from '@halo/shared';
import type { TFunction } from 'i18next';
import { DeviceLink } from '../../../components';
import { codeLabelText, readingValue } from '../../../lib/i18n';
import type { LogColumn } from '../components/LogTable';
import { severityColor } from '../logColumns';
import type { AlarmSelection } from './alarmSelection';
import { Timestamp } from '../../../lib/time-zone';

export interface AlarmColumnOptions {
  /** Whether rows can be ticked (the user may acknowledge). */
  readonly withSelection: boolean;
}

const time = (iso: string | null) => (
  <span dir="ltr">
    <Timestamp iso={iso} />
  </span>
);

/** The Alarms screen's columns: a box to tick, what is wrong where, since when, and who took it. */
export function alarmColumns(t: TFunction, selection: AlarmSelection, options: AlarmColumnOptions): LogColumn<Alarm>[] {
  const select: LogColumn<Alarm> = {
    key: 'select',
    labelKey: 'alarms.columns.select',
    className: 'alarms-select',
    header: () => (
      <Checkbox
        aria-label={t('alarms.columns.selectAll')}
        checked={selection.allShown}
        indeterminate={selection.selected.size > 0 && !selection.allShown}
        onChange={(event) => selection.toggleAll(event.currentTarget.checked)}
        data-testid={TestId.alarms.selectAll}
      />
    ),
    render: (alarm) => (
      <Checkbox
        aria-label={t('alarms.columns.selectOne', { device: alarm.device_name })}
        checked={selection.selected.has(alarm.id)}
        onClick={(event) => {
          event.stopPropagation();
          selection.toggle(alarm.id, event.currentTarget.checked, event.shiftKey);
        }}
        readOnly
        data-testid={TestId.alarms.select(alarm.id)}
      />
    ),
  };
  const columns: LogColumn<Alarm>[] = [
    {
      key: 'severity',
      labelKey: 'logs.columns.severity',
      render: (alarm) => (
        <Tag
          round
          minimal={alarm.state === 'cleared'}
          style={alarm.state === 'active' ? { backgroundColor: severityColor(alarm.severity) } : undefined}
        >
          {codeLabelText(t, 'severity', alarm.severity)}
        </Tag>
      ),
    },
    {
      key: 'state',
      labelKey: 'alarms.columns.state',
      render: (alarm) => (
        <span data-testid={TestId.alarms.stateOf(alarm.id)} data-state={alarm.state}>
          {t(`alarms.states.${alarm.state}`)}
          {alarm.silenced && (
            <Tag
              minimal
              icon="notifications-snooze"
              className="alarms-silenced"
              data-testid={TestId.alarms.silencedOf(alarm.id)}
            >
              {t('alarms.silences.silenced')}
            </Tag>
          )}
          {alarm.stale && (
            // Its device stopped reporting: the value is its last, not a live breach (issue 39, item 3).
            <Tag
              minimal
              icon="history"
              className="alarms-stale"
              title={t('alarms.staleTitle')}
              data-testid={TestId.alarms.staleOf(alarm.id)}
            >
              {t('alarms.stale')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'device',
      labelKey: 'logs.columns.device',
      className: 'alarms-device',
      render: (alarm) => (
        <DeviceLink id={alarm.device_id} name={alarm.device_name} testId={TestId.alarms.deviceLink(alarm.id)} />
      ),
    },
    {
      key: 'attribute',
      labelKey: 'logs.columns.attribute',
      render: (alarm) => codeLabelText(t, 'attribute', alarm.device_attribute_type),
    },
    {
      key: 'value',
      labelKey: 'alarms.columns.lastValue',
      render: (alarm) => <span dir="ltr">{alarm.last_value === null ? '-' : readingValue(t, alarm.last_value)}</span>,
    },
    { key: 'breaches', labelKey: 'alarms.columns.breaches', render: (alarm) => alarm.breach_count },
    {
      key: 'opened',
      labelKey: 'alarms.columns.opened',
      className: 'logs-time',
      render: (alarm) => time(alarm.opened_at),
    },
    {
      key: 'last',
      labelKey: 'alarms.columns.lastBreach',
      className: 'logs-time',
      render: (alarm) => time(alarm.last_breach_at),
    },
    {
      key: 'cleared',
      labelKey: 'alarms.columns.cleared',
      className: 'logs-time',
      render: (alarm) => (alarm.cleared_at ? time(alarm.cleared_at) : '-'),
    },
    {
      key: 'acknowledged',
      labelKey: 'alarms.columns.acknowledged',
      render: (alarm) =>
        alarm.acknowledged ? (
          <span data-testid={TestId.alarms.acknowledgedBy(alarm.id)}>
            {t('alarms.acknowledgedBy', { user: alarm.acknowledged_by ?? '-' })} {time(alarm.acknowledged_at)}
            {alarm.acknowledgement_note && (
              <div dir="auto" className="alarms-note">
                {alarm.acknowledgement_note}
              </div>
            )}
          </span>
        ) : (
          <Tag minimal intent="warning">
            {t('alarms.unacknowledged')}
          </Tag>
        ),
    },
  ];
  return options.withSelection ? [select, ...columns] : columns;
}
