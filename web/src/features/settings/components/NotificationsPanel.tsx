import { Button, Callout, FormGroup, H4, HTMLSelect, Spinner, Switch } from '@blueprintjs/core';
import {
  API,
  LOCALES,
  TestId,
  type Locale,
  type NotificationSettings,
  type NotificationSettingsAnswer,
} from '@halo/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, useApiValue } from '../../../lib/api';
import { severityLabelKey } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';

/** Each e-mail language, named in its own language (as the language switcher names them). */
const LOCALE_LABEL_KEYS: Readonly<Record<Locale, string>> = {
  'en-US': 'shell.language.enUS',
  'he-IL': 'shell.language.heIL',
};

const settingsOf = ({ email_alarms, email_digest, locale }: NotificationSettingsAnswer): FormSettings => ({
  email_alarms,
  email_digest,
  locale,
});

/** What the form edits: every setting, the digest included (the body may leave it out; this form never does). */
type FormSettings = Required<NotificationSettings>;

/**
 * The user's own alarm notifications (issue 27): whether alarms come by e-mail, whether a daily
 * digest of the open ones does, and in which language; which alarms reach them is their severity, set by whoever manages users, shown
 * here read-only.
 */
export function NotificationsPanel() {
  const { t } = useTranslation();
  const loaded = useApiValue((signal) => api.call(API.notifications.settings, {}, { signal }), 'notification-settings');
  const [saved, setSaved] = useState<NotificationSettingsAnswer | null>(null);
  const [draft, setDraft] = useState<FormSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const saveController = useRef<AbortController | null>(null);
  useEffect(() => () => saveController.current?.abort(), []);

  const current = saved ?? loaded.value;
  const form = draft ?? (current ? settingsOf(current) : null);
  const changed =
    draft !== null &&
    current !== undefined &&
    (draft.email_alarms !== current.email_alarms ||
      draft.email_digest !== current.email_digest ||
      draft.locale !== current.locale);
  const edit = (change: Partial<FormSettings>) => {
    if (form) setDraft({ ...form, ...change });
    setSaveError(null);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!form || saving) return;
    const controller = new AbortController();
    saveController.current = controller;
    setSaving(true);
    setSaveError(null);
    api.call(API.notifications.updateSettings, { body: form }, { signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setSaving(false);
        setSaved(answer);
        setDraft(null);
        notifySuccess(t('settings.notifications.saved'));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSaving(false);
        setSaveError(error);
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
          <p className="bp6-text-muted" data-testid={TestId.settings.alarmSeverity}>
            {t('settings.notifications.severity', { severity: t(severityLabelKey(current.severity)) })}
          </p>
          {saveError !== null && (
            <Callout intent="danger" icon="error" role="alert" data-testid={TestId.settings.notificationsError}>
              {errorMessage(t, saveError)}
            </Callout>
          )}
          <Button
            type="submit"
            intent="primary"
            icon="floppy-disk"
            loading={saving}
            disabled={!changed}
            text={t('settings.notifications.save')}
            data-testid={TestId.settings.notificationsSave}
          />
        </form>
      )}
    </div>
  );
}
