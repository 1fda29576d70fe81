import { Callout, H6, Spinner, Tag } from '@blueprintjs/core';
import { API, ROUTES, TestId, type AlarmCounts } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api, errorMessage, useApiValue } from '../../../lib/api';
import { codeLabelText } from '../../../lib/i18n';
import { SilenceBanner, severityColor } from '../../logs';
import { BELL_LIST_SIZE, severitiesFrom } from './alarmBell';

/** The Alarms screen on what the bell counts: active and nobody acknowledged them. */
export const BELL_ALARMS_LINK = `${ROUTES.alarms}?state=active&acknowledged=no`;

export interface AlarmBellListProps {
  readonly environmentId: number;
  /** The lowest severity that reaches the user. */
  readonly severity: number;
  /** The bell's count: the list is asked again when it moves while open. */
  readonly count: number;
  /** The live counts, with the silences in force: the list says what is silenced (issue 39, item 2). */
  readonly counts?: AlarmCounts | undefined;
  /** Closes the popover (the link leaves for the Alarms screen). */
  readonly onNavigate: () => void;
}

/**
 * What the bell opens: the first alarms it counts (the worst and oldest first, as the Alarms
 * screen orders them), how many more, and the way to the Alarms screen. Mounted while open, so
 * each opening asks again.
 */
export function AlarmBellList({ environmentId, severity, count, counts, onNavigate }: AlarmBellListProps) {
  const { t } = useTranslation();
  const page = useApiValue(
    (signal) =>
      api.call(
        API.alarms.list,
        {
          params: { environmentId },
          query: {
            state: 'active',
            acknowledged: 'false',
            severities: severitiesFrom(severity),
            page_size: BELL_LIST_SIZE,
          },
        },
        { signal },
      ),
    `${environmentId}|${severity}|${count}`,
  );
  const alarms = page.value?.alarms ?? [];
  const more = Math.max(0, (page.value?.total ?? 0) - alarms.length);

  return (
    <div className="alarm-bell-panel" data-testid={TestId.notifications.list}>
      <H6>{t('shell.bell.title')}</H6>
      <SilenceBanner counts={counts} onNavigate={onNavigate} />
      {page.value === undefined && page.loading && <Spinner size={20} />}
      {page.error !== null && (
        <Callout intent="danger" icon="error" compact data-testid={TestId.notifications.error}>
          {errorMessage(t, page.error)}
        </Callout>
      )}
      {page.value !== undefined && alarms.length === 0 && (
        <p className="bp6-text-muted" data-testid={TestId.notifications.empty}>
          {t('shell.bell.empty')}
        </p>
      )}
      {alarms.length > 0 && (
        <ul className="alarm-bell-list">
          {alarms.map((alarm) => (
            <li key={alarm.id} className="alarm-bell-item" data-testid={TestId.notifications.item(alarm.id)}>
              <Tag round style={{ backgroundColor: severityColor(alarm.severity) }}>
                {codeLabelText(t, 'severity', alarm.severity)}
              </Tag>
              <span className="alarm-bell-device" dir="auto">
                {alarm.device_name}
              </span>
              <span className="alarm-bell-attribute bp6-text-muted">
                {codeLabelText(t, 'attribute', alarm.device_attribute_type)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="bp6-text-muted">{t('shell.bell.more', { count: more })}</p>}
      <Link to={BELL_ALARMS_LINK} onClick={onNavigate} data-testid={TestId.notifications.openAlarms}>
        {t('shell.bell.openAlarms')}
      </Link>
    </div>
  );
}
