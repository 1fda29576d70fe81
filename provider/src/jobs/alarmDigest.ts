import { codeLabel, ROUTES } from '@halo/shared';
import type { ProviderContext } from '../context.js';
import { log } from '../log.js';
import { alarmDigestMail, type DigestCount } from '../mail/alarmDigestMail.js';
import { activeAlarms, alarmRecipients, alarmsReaching, type ActiveAlarm } from './alarmRecipients.js';

/**
 * The daily alarm digest (issue 27), a scheduled job (HALO_ALARM_DIGEST_SCHEDULE): each user who
 * asked for one (Settings → Notifications) and may view alarms gets one message in their
 * language with the open alarms that reach them (the alarm mail's rule: at or above their
 * severity, their environment and those below), counted by severity and acknowledgement, the
 * worst and oldest named. Silenced alarms are left out of the counts and the list; the message
 * says how many were. A user with nothing open gets nothing that day.
 *
 * One a day per user: the UTC day is claimed in alarm_digest_state before the message goes (a
 * second run that day, a restart or a second replica finds it claimed), and given back if the
 * message could not be sent.
 */

/** The UTC day of `epochMs`, as the digest's state keeps it. */
export const utcDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/** Worst first, then the oldest first. */
const byWorstThenOldest = (a: ActiveAlarm, b: ActiveAlarm) => b.severity - a.severity || a.openedAt - b.openedAt;

/** Each severity among `alarms`, worst first, with its open and unacknowledged counts. */
function countsOf(alarms: readonly ActiveAlarm[]): DigestCount[] {
  const bySeverity = new Map<number, { open: number; unacknowledged: number }>();
  for (const alarm of alarms) {
    const count = bySeverity.get(alarm.severity) ?? { open: 0, unacknowledged: 0 };
    count.open += 1;
    if (!alarm.acknowledged) count.unacknowledged += 1;
    bySeverity.set(alarm.severity, count);
  }
  return [...bySeverity.entries()].sort(([a], [b]) => b - a).map(([severity, count]) => ({ severity, ...count }));
}

/** One run: a digest to each user who asked and has alarms open, once per UTC day. Answers how many went. */
export async function sendAlarmDigest(context: ProviderContext): Promise<number> {
  const now = context.now();
  const today = utcDay(now);
  const recipients = await alarmRecipients(context.db, 'email_digest');
  if (recipients.length === 0) return 0;
  const alarms = await activeAlarms(context);
  if (alarms.length === 0) return 0;
  const reaching = await alarmsReaching(context.db, alarms, now);
  let sent = 0;
  for (const user of recipients) {
    const { notifying: reached, silenced } = reaching(user);
    if (reached.length === 0) continue;
    const claimed = await context.db
      .insertInto('alarm_digest_state')
      .values({ user_id: user.id, sent_on: today, sent_at: now })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet({ sent_on: today, sent_at: now })
          .where('alarm_digest_state.sent_on', '<>', today),
      )
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) continue; // sent today already
    const { locale } = user;
    const message = alarmDigestMail({
      to: user.email,
      locale,
      timeZone: user.timeZone,
      facts: {
        username: user.username,
        environment: user.environmentName,
        open: reached.length,
        unacknowledged: reached.filter((alarm) => !alarm.acknowledged).length,
        severity: codeLabel(locale, 'severity', user.severity),
      },
      counts: countsOf(reached),
      alarms: [...reached].sort(byWorstThenOldest),
      silenced: silenced.length,
      link: `${context.consoleAddress.forEveryone()}${ROUTES.alarms}?state=active`,
    });
    try {
      await context.mailer.send(message);
    } catch (error) {
      log.warn({ err: error, userId: user.id }, 'alarm digest not sent');
      // Given back: a later run today may send it.
      await context.db
        .deleteFrom('alarm_digest_state')
        .where('user_id', '=', user.id)
        .where('sent_on', '=', today)
        .where('sent_at', '=', now)
        .execute();
      continue;
    }
    sent += 1;
  }
  if (sent > 0) log.info({ sent }, 'alarm digests sent');
  return sent;
}
