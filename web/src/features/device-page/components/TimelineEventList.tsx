import { HTMLTable, Icon, Tag } from '@blueprintjs/core';
import { TestId, type AlarmState } from '@halo/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelText, logEntryText, readingValue } from '../../../lib/i18n';
import { severityColor } from '../../logs';
import type { TimelineEvent } from '../timelineLanes';
import { eventKey } from './DeviceTimeline';
import { Timestamp } from '../../../lib/time-zone';
import { useTimeFormat } from '../../../lib/time-zone';

const ALARM_STATE_LABEL_KEYS: Readonly<Record<AlarmState, string>> = {
  active: 'alarms.states.active',
  cleared: 'alarms.states.cleared',
};

export interface TimelineEventListProps {
  readonly events: readonly TimelineEvent[];
  readonly selected: string | null;
  readonly onSelect: (key: string) => void;
}

/** The window's system log entries and alarms, newest first, with their severities; the one chosen on the timeline comes into view. */
export function TimelineEventList({ events, selected, onSelect }: TimelineEventListProps) {
  const { t } = useTranslation();
  const format = useTimeFormat();
  const selectedRow = useRef<HTMLTableRowElement | null>(null);
  useEffect(() => {
    selectedRow.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [selected]);
  if (events.length === 0)
    return (
      <p className="bp6-text-muted" data-testid={TestId.devicePage.events}>
        {t('devicePage.events.none')}
      </p>
    );
  return (
    <div className="device-events-scroll">
      <HTMLTable compact interactive className="device-events" data-testid={TestId.devicePage.events}>
        <thead>
          <tr>
            <th>{t('logs.columns.time')}</th>
            <th>{t('logs.columns.severity')}</th>
            <th>{t('devicePage.events.kind')}</th>
            <th>{t('logs.columns.description')}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const key = eventKey(event);
            const isSelected = key === selected;
            return (
              <tr
                key={key}
                ref={isSelected ? selectedRow : undefined}
                className={isSelected ? 'device-event-selected' : undefined}
                aria-selected={isSelected}
                onClick={() => onSelect(key)}
                style={{ borderInlineStart: `3px solid ${severityColor(event.severity)}` }}
                data-testid={TestId.devicePage.event(event.kind, event.id)}
              >
                <td className="device-event-time">
                  <span dir="ltr">{format.dateTime(event.time)}</span>
                </td>
                <td>
                  <Tag minimal style={{ color: severityColor(event.severity) }}>
                    {codeLabelText(t, 'severity', event.severity)}
                  </Tag>
                </td>
                <td>
                  <Icon icon={event.kind === 'alarm' ? 'notifications' : 'console'} size={12} />{' '}
                  {t(event.kind === 'alarm' ? 'devicePage.events.alarm' : 'devicePage.events.log')}
                </td>
                <td>{event.kind === 'log' ? <LogText event={event} /> : <AlarmText event={event} />}</td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}

function LogText({ event }: { readonly event: Extract<TimelineEvent, { kind: 'log' }> }) {
  const { t } = useTranslation();
  const { entry } = event;
  const { text, dir } = logEntryText(t, entry, false);
  return (
    <>
      <span dir={dir}>{text}</span>
      <div className="bp6-text-muted bp6-text-small">
        {codeLabelText(t, 'systemEvent', entry.event_type)}
        {entry.value === null ? '' : ' · '}
        {entry.value === null ? null : <bdi dir="ltr">{entry.value}</bdi>}
      </div>
    </>
  );
}

function AlarmText({ event }: { readonly event: Extract<TimelineEvent, { kind: 'alarm' }> }) {
  const { t } = useTranslation();
  const { alarm } = event;
  return (
    <>
      <span>
        {codeLabelText(t, 'attribute', alarm.device_attribute_type)}
        {alarm.last_value === null ? null : (
          <>
            {' · '}
            <bdi dir="ltr">{readingValue(t, alarm.last_value)}</bdi>
          </>
        )}
      </span>
      <div className="bp6-text-muted bp6-text-small">
        {t(ALARM_STATE_LABEL_KEYS[alarm.state])}
        {' · '}
        {t('devicePage.events.opened')}{' '}
        <bdi dir="ltr">
          <Timestamp iso={alarm.opened_at} />
        </bdi>
        {alarm.cleared_at === null ? null : (
          <>
            {' · '}
            {t('devicePage.events.cleared')}{' '}
            <bdi dir="ltr">
              <Timestamp iso={alarm.cleared_at} />
            </bdi>
          </>
        )}
      </div>
    </>
  );
}
