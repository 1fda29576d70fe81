import { API, DEFAULT_LOCALE, isLocale, type NotificationSettingsAnswer } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { forbidden } from '../../errors/httpError.js';
import { route } from '../../http/endpointRoute.js';
import type { UserRow } from '../../store/schema.js';

/** A manager's new address (emailChange.ts) waiting for its link to be opened, or null. */
export async function pendingEmailOf(context: ProviderContext, userId: number): Promise<string | null> {
  const row = await context.db
    .selectFrom('email_changes')
    .select('email')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', context.now())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.email ?? null;
}

type SettingsColumns =
  | 'id'
  | 'email_alarms'
  | 'email_digest'
  | 'locale'
  | 'severity'
  | 'environment_manager'
  | 'email'
  | 'alarm_mail_interval_minutes';

/** The caller's settings as answered, with the new address waiting for its confirmation. */
export async function notificationSettingsOf(
  context: ProviderContext,
  user: Pick<UserRow, SettingsColumns>,
): Promise<NotificationSettingsAnswer> {
  return {
    email_alarms: user.email_alarms === 1,
    email_digest: user.email_digest === 1,
    locale: user.locale !== null && isLocale(user.locale) ? user.locale : DEFAULT_LOCALE,
    severity: user.severity,
    email_interval_minutes: user.alarm_mail_interval_minutes,
    default_interval_minutes: context.config.alarmMail.groupIntervalMs / 60_000,
    severity_editable: user.environment_manager === 1,
    email: user.email,
    pending_email: user.environment_manager === 1 ? await pendingEmailOf(context, user.id) : null,
  };
}

/** GET notification_settings: the caller's own (alarm e-mail, the daily digest, their language, and the severity that reaches them). */
export const getNotificationSettings = route(
  API.notifications.settings,
  (context) =>
    ({ auth }) =>
      notificationSettingsOf(context, auth.user),
);

/**
 * PUT notification_settings: the caller changes their own, nobody else's. An environment
 * manager sets their own severity too (nobody edits a manager in Users; issue 39, item 1); an
 * ordinary user's is their manager's to set, so sent here it must be the one they have.
 */
export const updateNotificationSettings = route(
  API.notifications.updateSettings,
  (context) =>
    async ({ auth, body }) => {
      const { user } = auth;
      const severityChanges = body.severity !== undefined && body.severity !== user.severity;
      if (severityChanges && user.environment_manager !== 1)
        throw forbidden("An ordinary user's alarm severity is set by whoever manages users");
      const row = await context.db
        .updateTable('users')
        .set({
          email_alarms: body.email_alarms ? 1 : 0,
          ...(body.email_digest === undefined ? {} : { email_digest: body.email_digest ? 1 : 0 }),
          ...(severityChanges ? { severity: body.severity } : {}),
          ...(body.email_interval_minutes === undefined
            ? {}
            : { alarm_mail_interval_minutes: body.email_interval_minutes }),
          locale: body.locale,
          updated_at: context.now(),
        })
        .where('id', '=', user.id)
        .returning([
          'id',
          'email_alarms',
          'email_digest',
          'locale',
          'severity',
          'environment_manager',
          'email',
          'alarm_mail_interval_minutes',
        ])
        .executeTakeFirstOrThrow();
      return notificationSettingsOf(context, row);
    },
);
