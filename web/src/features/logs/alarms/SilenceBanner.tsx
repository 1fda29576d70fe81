import { Callout, Icon } from '@blueprintjs/core';
import { ROUTES, TestId, type AlarmCounts, type SilenceNotice } from '@halo/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isolate, ltrIsolate } from '../../../lib/i18n';
import { useTimeFormat, type TimeFormat } from '../../../lib/time-zone';

/** What a silence silences, in words: the whole environment, a device, or a group's devices. */
export function silenceSubject(t: TFunction, silence: Pick<SilenceNotice, 'scope' | 'device_name' | 'group_name'>) {
  if (silence.scope === 'device') return silence.device_name ?? '';
  if (silence.scope === 'group') return t('alarms.silences.groupNamed', { name: silence.group_name ?? '' });
  return t('alarms.silences.wholeEnvironment');
}

/** One silence in force, as a sentence: what, until when (in the reader's zone), by whom, why. */
export function silenceNoticeText(t: TFunction, silence: SilenceNotice, time: TimeFormat): string {
  return t('alarms.silenceBanner.notice', {
    what: isolate(silenceSubject(t, silence)),
    until: ltrIsolate(time.timestamp(silence.ends_at)),
    by: isolate(silence.created_by),
    reason: isolate(silence.reason),
  });
}

/** A device's page says which silences in force cover it (issue 39, item 2). */
export function DeviceSilenceNotice({ silences }: { readonly silences: readonly SilenceNotice[] }) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  if (silences.length === 0) return null;
  return (
    <Callout
      intent="warning"
      icon="notifications-snooze"
      className="silence-banner silence-banner--card"
      title={t('alarms.silenceBanner.deviceTitle')}
      role="status"
      data-testid={TestId.alarms.silenceBanner}
    >
      <ul className="silence-banner__list">
        {silences.map((silence) => (
          <li key={silence.id} data-testid={TestId.alarms.silenceNotice(silence.id)}>
            {silenceNoticeText(t, silence, time)}
          </li>
        ))}
      </ul>
      <Link to={ROUTES.silences}>{t('alarms.silenceBanner.open')}</Link>
    </Callout>
  );
}

export interface SilenceBannerProps {
  readonly counts: AlarmCounts | undefined;
  /** `wall`: large, for a NOC wall seen across a room (no link: nobody clicks a wall). */
  readonly variant?: 'card' | 'wall';
  /** The link to the silences was followed (the bell closes its popover). */
  readonly onNavigate?: () => void;
}

/**
 * Says that alarms are silenced wherever alarms are counted (issue 39, item 2): how many active
 * alarms a silence keeps out of the counts, and each silence in force with what it covers, until
 * when, who set it and why. A forgotten silence cannot hide an outage behind a count of 0.
 */
export function SilenceBanner({ counts, variant = 'card', onNavigate }: SilenceBannerProps) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  if (!counts || counts.silences_total === 0) return null;
  const silenced = counts.silenced.reduce((sum, count) => sum + count, 0);
  const more = counts.silences_total - counts.silences.length;
  return (
    <Callout
      intent="warning"
      icon={variant === 'wall' ? null : 'notifications-snooze'}
      className={`silence-banner silence-banner--${variant}`}
      title={t('alarms.silenceBanner.title', { count: counts.silences_total })}
      role="status"
      data-testid={TestId.alarms.silenceBanner}
    >
      {variant === 'wall' && <Icon icon="notifications-snooze" size={40} className="silence-banner__icon" />}
      <p data-testid={TestId.alarms.silenceBannerCount}>{t('alarms.silenceBanner.silenced', { count: silenced })}</p>
      <ul className="silence-banner__list">
        {counts.silences.map((silence) => (
          <li key={silence.id} data-testid={TestId.alarms.silenceNotice(silence.id)}>
            {silenceNoticeText(t, silence, time)}
          </li>
        ))}
        {more > 0 && <li>{t('alarms.silenceBanner.more', { count: more })}</li>}
      </ul>
      {variant === 'card' && (
        <Link to={ROUTES.silences} onClick={onNavigate}>
          {t('alarms.silenceBanner.open')}
        </Link>
      )}
    </Callout>
  );
}
