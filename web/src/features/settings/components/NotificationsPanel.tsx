import { Button, Callout, FormGroup, H4, HTMLSelect, Spinner, Switch } from '@blueprintjs/core';
import {
  ALARM_MAIL_INTERVALS_MINUTES,
  API,
  EMAIL_CONFIRMATION_TTL_MS,
  LOCALES,
  TestId,
  type Locale,
  type NotificationSettings,
  type NotificationSettingsAnswer,
} from '@halo/shared';
import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, useApiValue, useSubmission } from '../../../lib/api';
import { SEVERITY_LABEL_KEYS, severityLabelKey } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { notificationSettingsSaved$ } from '../../../lib/session';
import { EmailChangeForm } from './EmailChangeForm';
import { FormSubmit } from './FormSubmit';

/** A spacing in words: minutes under an hour, hours from one. */
function intervalText(t: TFunction, minutes: number): string {
  return minutes >= 60 && minutes % 60 === 0
    ? t('settings.notifications.everyHours', { count: minutes / 60 })
    : t('settings.notifications.everyMinutes', { count: Math.round(minutes * 10) / 10 });
}

/** Each e-mail language, named in its own language (as the language switcher names them). */
const LOCALE_LABEL_KEYS: Readonly<Record<Locale, string>> = {
  'en-US': 'shell.language.enUS',
  'he-IL': 'shell.language.heIL',
};

const settingsOf = ({
  email_alarms,
  email_digest,
  locale,
  severity,
  email_interval_minutes,
}: NotificationSettingsAnswer): FormSettings => ({
  email_alarms,
  email_digest,
  locale,
  severity,
  email_interval_minutes,
});

/** The interval select's value for "the installation's" (null). */
const DEFAULT_INTERVAL = 'default';

/** What the form edits: every setting, the digest included (the body may leave it out; this form never does). */
type FormSettings = Required<NotificationSettings>;

/**
 * The user's own alarm notifications (issue 27): whether alarms come by e-mail, whether a daily
 * digest of the open ones does, and in which language. Which alarms reach them is their
 * severity: an environment manager sets their own here, with their e-mail address (issue 39,
 * item 1); an ordinary user's is set by whoever manages users and shown here read-only.
 */
export function NotificationsPanel() {
  const { t } = useTranslation();
  const loaded = useApiValue((signal) => api.call(API.notifications.settings, {}, { signal }), 'notification-settings');
  const [saved, setSaved] = useState<NotificationSettingsAnswer | null>(null);
  const [draft, setDraft] = useState<FormSettings | null>(null);
  const { busy: saving, error: saveError, setError: setSaveError, submit } = useSubmission();

  const current = saved ?? loaded.value;
  const form = draft ?? (current ? settingsOf(current) : null);
  const changed =
    draft !== null &&
    current !== undefined &&
    (draft.email_alarms !== current.email_alarms ||
      draft.email_digest !== current.email_digest ||
      draft.locale !== current.locale ||
      draft.severity !== current.severity ||
      draft.email_interval_minutes !== current.email_interval_minutes);
  const edit = (change: Partial<FormSettings>) => {
    if (form) setDraft({ ...form, ...change });
    setSaveError(null);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!form || saving) return;
    // An ordinary user's severity is not theirs to send: their manager may have changed it meanwhile.
    const body = current?.severity_editable ? form : { ...form, severity: undefined };
    submit(
      (signal) => api.call(API.notifications.updateSettings, { body }, { signal }),
      (answer) => {
        setSaved(answer);
        setDraft(null);
        notificationSettingsSaved$.next(answer);
        notifySuccess(t('settings.notifications.saved'));
      },
    );
  };

  return (
    <div className="notifications-panel">
      <H4>{t('settings.notifications.title')}</H4>
      <p>{t('settings.notifications.intro')}</p>
      {!current && loaded.loading && <Spinner size={20} />}
      {!current && loaded.error !== null && (
        <Callout intent="danger" icon="error" role="alert" data-testid={TestId.settings.notificationsError}>
          {errorMessage(t, loaded.error)}
          <div>
            <Button variant="minimal" icon="refresh" onClick={loaded.reload} text={t('settings.notifications.retry')} />
          </div>
        </Callout>
      )}
      {current && form && (
        <form onSubmit={save}>
          <Switch
            checked={form.email_alarms}
            label={t('settings.notifications.emailAlarms')}
            onChange={(event) => edit({ email_alarms: event.currentTarget.checked })}
            disabled={saving}
            data-testid={TestId.settings.emailAlarms}
          />
          <Switch
            checked={form.email_digest}
            label={t('settings.notifications.emailDigest')}
            onChange={(event) => edit({ email_digest: event.currentTarget.checked })}
            disabled={saving}
            data-testid={TestId.settings.emailDigest}
          />
          <FormGroup
            label={t('settings.notifications.interval')}
            labelFor="notifications-email-interval"
            helperText={t('settings.notifications.intervalHelp')}
          >
            <HTMLSelect
              id="notifications-email-interval"
              value={form.email_interval_minutes ?? DEFAULT_INTERVAL}
              onChange={(event) => {
                const value = event.currentTarget.value;
                edit({ email_interval_minutes: value === DEFAULT_INTERVAL ? null : Number(value) });
              }}
              disabled={saving || !form.email_alarms}
              options={[
                {
                  value: DEFAULT_INTERVAL,
                  label: t('settings.notifications.intervalDefault', {
                    every: intervalText(t, current.default_interval_minutes),
                  }),
                },
                ...ALARM_MAIL_INTERVALS_MINUTES.map((minutes) => ({ value: minutes, label: intervalText(t, minutes) })),
              ]}
              data-testid={TestId.settings.emailInterval}
            />
          </FormGroup>
          <FormGroup label={t('settings.notifications.emailLocale')} labelFor="notifications-email-locale">
            <HTMLSelect
              id="notifications-email-locale"
              value={form.locale}
              onChange={(event) => edit({ locale: event.currentTarget.value as Locale })}
              disabled={saving}
              options={LOCALES.map((locale) => ({ value: locale, label: t(LOCALE_LABEL_KEYS[locale]) }))}
              data-testid={TestId.settings.emailLocale}
            />
          </FormGroup>
          {current.severity_editable ? (
            <FormGroup
              label={t('settings.notifications.severityLabel')}
              labelFor="notifications-severity"
              helperText={t('settings.notifications.severityHelp')}
            >
              <HTMLSelect
                id="notifications-severity"
                value={form.severity}
                onChange={(event) => edit({ severity: Number(event.currentTarget.value) })}
                disabled={saving}
                options={Object.entries(SEVERITY_LABEL_KEYS).map(([value, labelKey]) => ({
                  value: Number(value),
                  label: t(labelKey),
                }))}
                data-testid={TestId.settings.severitySelect}
              />
            </FormGroup>
          ) : (
            <p className="bp6-text-muted" data-testid={TestId.settings.alarmSeverity}>
              {t('settings.notifications.severity', { severity: t(severityLabelKey(current.severity)) })}
            </p>
          )}
          <FormSubmit
            error={saveError}
            errorTestId={TestId.settings.notificationsError}
            intent="primary"
            icon="floppy-disk"
            busy={saving}
            disabled={!changed}
            text={t('settings.notifications.save')}
            testId={TestId.settings.notificationsSave}
          />
        </form>
      )}
      {current && (
        <EmailChangeForm
          settings={current}
          validMinutes={Math.round(EMAIL_CONFIRMATION_TTL_MS / 60_000)}
          onChanged={(answer) => {
            setSaved(answer);
          }}
        />
      )}
    </div>
  );
}
