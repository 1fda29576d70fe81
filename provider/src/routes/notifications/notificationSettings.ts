import { API, DEFAULT_LOCALE, isLocale, type NotificationSettingsAnswer } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import type { UserRow } from '../../store/schema.js';

const settingsOf = (
  user: Pick<UserRow, 'email_alarms' | 'email_digest' | 'locale' | 'severity'>,
): NotificationSettingsAnswer => ({
  email_alarms: user.email_alarms === 1,
  email_digest: user.email_digest === 1,
  locale: user.locale !== null && isLocale(user.locale) ? user.locale : DEFAULT_LOCALE,
  severity: user.severity,
});

/** GET notification_settings: the caller's own (alarm e-mail, the daily digest, their language, and the severity that reaches them). */
export const getNotificationSettings = route(
  API.notifications.settings,
  () =>
    ({ auth }) =>
      settingsOf(auth.user),
);

/** PUT notification_settings: the caller changes their own; nobody else's, and not their severity. */
export const updateNotificationSettings = route(
  API.notifications.updateSettings,
  (context) =>
    async ({ auth, body }) => {
      const row = await context.db
        .updateTable('users')
        .set({
          email_alarms: body.email_alarms ? 1 : 0,
          ...(body.email_digest === undefined ? {} : { email_digest: body.email_digest ? 1 : 0 }),
          locale: body.locale,
          updated_at: context.now(),
        })
        .where('id', '=', auth.user.id)
        .returning(['email_alarms', 'email_digest', 'locale', 'severity'])
        .executeTakeFirstOrThrow();
      return settingsOf(row);
    },
);
