import { Button, PopoverNext, PopupKind } from '@blueprintjs/core';
import { API, TestId, type FleetSummary } from '@halo/shared';
import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import { api, useApiValue } from '../../../lib/api';
import { appSummary } from '../../../lib/fleet';
import { useObservableValue } from '../../../lib/realtime';
import { notificationSettingsSaved$, useSessionSubject } from '../../../lib/session';
import { AlarmBellList } from './AlarmBellList';
import { BELL_DEFAULT_SEVERITY, bellBadge, bellCount } from './alarmBell';

/** The severity of each save of the user's notification settings. */
const savedSeverity$ = notificationSettingsSaved$.pipe(map((settings): number | null => settings.severity));

/**
 * The top bar's bell for a user who may view alarms: their environment's live fleet summary,
 * counted at or above their severity (read from their notification settings, and again when
 * they save a new one; critical until known).
 */
export function AlarmBell() {
  const { session, environmentId } = useSessionSubject();
  const summary$ = useMemo(() => appSummary(environmentId).summary$, [environmentId]);
  const settings = useApiValue(
    (signal) => api.call(API.notifications.settings, {}, { signal }),
    `notification-settings|${session?.user_id ?? 0}`,
  );
  const saved = useObservableValue(savedSeverity$, null);
  return (
    <AlarmBellButton
      summary$={summary$}
      environmentId={environmentId}
      severity={saved ?? settings.value?.severity ?? BELL_DEFAULT_SEVERITY}
    />
  );
}

export interface AlarmBellButtonProps {
  readonly summary$: Observable<FleetSummary | null>;
  readonly environmentId: number;
  /** The lowest severity that reaches the user. */
  readonly severity: number;
}

/** The bell itself: the count of alarms to acknowledge, live, and the list it opens. */
export function AlarmBellButton({ summary$, environmentId, severity }: AlarmBellButtonProps) {
  const { t } = useTranslation();
  const summary = useObservableValue(summary$, null);
  const count = bellCount(summary?.alarms, severity);
  const badge = bellBadge(count);
  const silences = summary?.alarms?.silences_total ?? 0;
  const [open, setOpen] = useState(false);
  return (
    <PopoverNext
      isOpen={open}
      onInteraction={(next) => setOpen(next)}
      placement="bottom-end"
      arrow={false}
      animation="minimal"
      popupKind={PopupKind.DIALOG}
      content={
        <AlarmBellList
          environmentId={environmentId}
          severity={severity}
          count={count}
          counts={summary?.alarms}
          onNavigate={() => setOpen(false)}
        />
      }
      renderTarget={({ isOpen: _isOpen, ref, className, ...buttonProps }) => (
        // The badge sits over the button's corner, outside it: the button stays a square icon button.
        <span ref={ref} className={`${className ?? ''} alarm-bell`}>
          {/* While a silence is in force the bell says so: a snoozed bell, and its label names the silences. */}
          <Button
            {...buttonProps}
            variant="minimal"
            icon={silences > 0 ? 'notifications-snooze' : 'notifications'}
            aria-label={
              silences > 0
                ? `${t('shell.bell.label', { count })} ${t('alarms.silenceBanner.title', { count: silences })}`
                : t('shell.bell.label', { count })
            }
            data-silenced={silences > 0 ? 'true' : undefined}
            data-testid={TestId.shell.bell}
          />
          {badge !== null && (
            <span className="alarm-bell-count" dir="ltr" aria-hidden="true" data-testid={TestId.shell.bellCount}>
              {badge}
            </span>
          )}
        </span>
      )}
    />
  );
}
