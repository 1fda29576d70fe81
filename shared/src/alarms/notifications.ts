/**
 * Alarm notifications (issue 27): each user is told of alarms at or above their severity
 * (section 3's `severity`, default 3: critical only), in the console and by e-mail. E-mail is
 * grouped per user as Alertmanager groups per route: a wait before the first message (a storm's
 * first seconds land in one message), an interval between updates, and a reminder while
 * alarms stay open. The user's settings are their own: whether to get e-mail, and in which
 * language it is written.
 */
import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.js';
import { OkResponseSchema } from '../auth/auth.js';
import { EmailSchema } from '../common.js';
import { LOCALES } from '../constants/constants.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import { ValidationKey } from '../validation/rules.js';
import { SeveritySchema } from '../users/user.js';

/**
 * Defaults, against Alertmanager's (group_wait 30 s, group_interval 5 min, repeat_interval 4 h):
 * the same wait and interval, which its users found to turn a storm into one message without
 * delaying the first by much; a shorter reminder (1 h), as a NOC's alarms are work in hand, not
 * a ticket queue, and an open critical alarm nobody took should come back within the hour.
 */
export const ALARM_MAIL_DEFAULTS = {
  groupWaitMs: 30_000,
  groupIntervalMs: 5 * 60_000,
  repeatIntervalMs: 60 * 60_000,
} as const;

/**
 * The spacings a user may choose for their alarm mail, in minutes (issue 39, item 6): at most one
 * message every so often; the first of a storm still waits only the group wait. Never shorter
 * than the installation's interval.
 */
export const ALARM_MAIL_INTERVALS_MINUTES = [5, 15, 30, 60, 240] as const;

/** Alarms a message names at most; the rest are counted. */
export const ALARM_MAIL_MAX_LISTED = 20;

export const NotificationSettingsSchema = z.strictObject({
  /** E-mail of alarms at or above the user's severity (on unless turned off). */
  email_alarms: z.boolean(),
  /** The language of the e-mails. */
  locale: z.enum(LOCALES),
  /**
   * A daily digest of the open alarms that reach the user (off unless turned on). Absent: left
   * as it is, so a client from before the digest still saves the other two.
   */
  email_digest: z.boolean().optional(),
  /**
   * The lowest severity of alarm that reaches the user (0 normal to 3 critical). An environment
   * manager sets their own here (nobody edits a manager in Users; a parent's manager may set it
   * in Environments). An ordinary user's is set by whoever manages users: sent here, it must be
   * the one they have. Absent: left as it is.
   */
  severity: SeveritySchema.optional(),
  /**
   * At most one alarm mail every this many minutes (one of ALARM_MAIL_INTERVALS_MINUTES); null:
   * the installation's interval. Absent: left as it is.
   */
  email_interval_minutes: z
    .number()
    .int()
    .refine((minutes) => (ALARM_MAIL_INTERVALS_MINUTES as readonly number[]).includes(minutes), ValidationKey.INVALID)
    .nullable()
    .optional(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** The settings as answered, with what the form needs to know of the user. */
export const NotificationSettingsAnswerSchema = NotificationSettingsSchema.extend({
  email_digest: z.boolean(),
  severity: SeveritySchema,
  email_interval_minutes: z.number().int().nullable(),
  /** The installation's spacing (HALO_ALARM_GROUP_INTERVAL_MS), in minutes: what null stands for. */
  default_interval_minutes: z.number().min(0),
  /** The user sets their own severity (an environment manager); otherwise it is shown read-only. */
  severity_editable: z.boolean(),
  /** Where alarm e-mail goes: the account's address (none: no e-mail is sent). */
  email: z.string().nullable(),
  /** A new address waiting for its owner to open the confirmation link (managers only), or null. */
  pending_email: z.string().nullable(),
});
export type NotificationSettingsAnswer = z.infer<typeof NotificationSettingsAnswerSchema>;

const tag = 'Alarms';

/** The signed-in user's own notification settings (the product's own). */
export const notificationsApi = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/notification_settings',
    summary: 'Your notification settings: alarm e-mail and the daily digest on or off, and their language',
    tag,
    access: 'user',
    answer: NotificationSettingsAnswerSchema,
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/notification_settings',
    summary: 'Change your notification settings',
    tag,
    access: 'user',
    body: NotificationSettingsSchema,
    answer: NotificationSettingsAnswerSchema,
  }),
  /**
   * An environment manager changes their own e-mail address (nobody else edits a manager but a
   * parent's manager, and the root's has none above). As a password is reset: a single-use link
   * goes to the new address, and the address changes only when it is opened (confirmEmail).
   */
  changeEmail: defineEndpoint({
    method: 'POST',
    path: '/notification_settings/email',
    summary: 'Change your own e-mail address (environment managers): a confirmation link is mailed to the new one',
    tag,
    access: 'user',
    body: z.strictObject({ email: EmailSchema }),
    answer: NotificationSettingsAnswerSchema,
    errors: [ErrorCode.EMAIL_EXISTS],
  }),
  confirmEmail: defineEndpoint({
    method: 'POST',
    path: '/auth/confirm_email',
    summary: 'Confirm a new e-mail address with the token its link carries; the address changes then',
    tag,
    access: 'public',
    body: z.strictObject({ token: z.string().max(200) }),
    answer: OkResponseSchema.extend({ email: z.string() }),
    errors: [ErrorCode.FORGOT_RESET, ErrorCode.EMAIL_EXISTS],
  }),
} as const;
