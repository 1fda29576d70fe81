import { codeLabel, ROUTES } from '@halo/shared';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { AlarmMailTiming } from '../config.js';
import type { ProviderContext } from '../context.js';
import { log } from '../log.js';
import { alarmMail, type MailedAlarm } from '../mail/alarmMail.js';
import {
  activeAlarms,
  alarmRecipients,
  alarmsReaching,
  reachOfEnvironments,
  type AlarmRecipient,
} from './alarmRecipients.js';

/**
 * Alarm e-mail (issue 27), a scheduled job: each user who asked for it hears of the active
 * alarms at or above their severity in their environment and those below it, grouped as
 * Alertmanager groups a route's alerts. A user's first message waits `groupWaitMs` after the
 * first alarm it tells of (a storm's first seconds make one message); the next comes no sooner
 * than `groupIntervalMs` after the last and tells only what was raised or got worse since;
 * while alarms stay open and nothing is new, a reminder every `repeatIntervalMs`. Silenced
 * alarms tell nobody.
 */

/** Recipients decided between two turns of the event loop. */
const USERS_PER_TURN = 50;

export interface MailState {
  /** When the user's last message went (0: never). */
  readonly lastSentAt: number;
  /** The last breach time it told of: later breaches are new. */
  readonly toldUpTo: number;
}

export interface ReachedAlarm extends MailedAlarm {
  readonly environmentId: number;
}

export type MailDecision =
  | { readonly kind: 'none' }
  | { readonly kind: 'update'; readonly alarms: readonly ReachedAlarm[] }
  | { readonly kind: 'reminder'; readonly alarms: readonly ReachedAlarm[] };

/** Worst first, then the latest breach first. */
const byWorstThenLatest = (a: ReachedAlarm, b: ReachedAlarm) =>
  b.severity - a.severity || b.lastBreachAt - a.lastBreachAt;

/** What one user should be sent now, given the open alarms that reach them and where their mail stands. */
export function mailDecision(
  reached: readonly ReachedAlarm[],
  state: MailState,
  now: number,
  timing: AlarmMailTiming,
): MailDecision {
  if (reached.length === 0) return { kind: 'none' };
  const fresh = reached.filter((alarm) => alarm.lastBreachAt > state.toldUpTo);
  if (fresh.length > 0) {
    const oldestFresh = Math.min(...fresh.map((alarm) => alarm.lastBreachAt));
    const waited = now - oldestFresh >= timing.groupWaitMs;
    const spaced = now - state.lastSentAt >= timing.groupIntervalMs;
    return waited && spaced ? { kind: 'update', alarms: [...fresh].sort(byWorstThenLatest) } : { kind: 'none' };
  }
  return now - state.lastSentAt >= timing.repeatIntervalMs
    ? { kind: 'reminder', alarms: [...reached].sort(byWorstThenLatest) }
    : { kind: 'none' };
}

/**
 * A user's timing: the installation's, spaced further when they asked for fewer messages (issue
 * 39, item 6); never closer than the installation's interval.
 */
export function timingFor(user: Pick<AlarmRecipient, 'mailIntervalMs'>, timing: AlarmMailTiming): AlarmMailTiming {
  return user.mailIntervalMs === null || user.mailIntervalMs <= timing.groupIntervalMs
    ? timing
    : { ...timing, groupIntervalMs: user.mailIntervalMs };
}

/**
 * The latest breach among the open alarms that reach each recipient (epoch ms), or null when
 * none reaches them, from one aggregate read off the loop (a row per environment and severity
 * with open alarms): whether anyone may be due is known without reading every open alarm.
 */
async function latestBreachReaching(
  context: ProviderContext,
): Promise<(recipient: Pick<AlarmRecipient, 'environmentId' | 'severity'>) => number | null> {
  const latest = await context.reads.begin('page', new AbortController().signal).rows(
    context.db
      .selectFrom('alarms')
      .select((eb) => ['environment_id', 'severity', eb.fn.max('last_breach_at').as('latest')])
      .where('cleared_at', 'is', null)
      .groupBy(['environment_id', 'severity'])
      .compile(),
  );
  const below = reachOfEnvironments(await context.db.selectFrom('environments').select(['id', 'parent_id']).execute());
  // Worked out once per environment and severity among the recipients (a thousand users of a
  // few environments ask a few times), not once per user over every row.
  const known = new Map<string, number | null>();
  return (recipient) => {
    const key = `${recipient.environmentId}:${recipient.severity}`;
    if (known.has(key)) return known.get(key) ?? null;
    const reach = below(recipient.environmentId);
    let found: number | null = null;
    for (const row of latest)
      if (row.severity >= recipient.severity && reach.has(row.environment_id) && row.latest !== null)
        found = Math.max(found ?? 0, Number(row.latest));
    known.set(key, found);
    return found;
  };
}

/**
 * Whether mailDecision could answer anything but 'none' for a user whose mail stands at `row`,
 * knowing only the latest breach among the open alarms that reach them (null: none reaches
 * them): something newer than they were told of, or a reminder due.
 */
export function mayBeDue(
  row: { readonly last_sent_at: number | string; readonly told_up_to: number | string } | undefined,
  latestReaching: number | null,
  now: number,
  timing: AlarmMailTiming,
): boolean {
  if (latestReaching === null) return false;
  const toldUpTo = Number(row?.told_up_to ?? 0);
  const lastSentAt = Number(row?.last_sent_at ?? 0);
  return latestReaching > toldUpTo || now - lastSentAt >= timing.repeatIntervalMs;
}

/** One run: every recipient's decision, their messages sent, where their mail stands kept. Answers how many messages went. */
export async function sendAlarmMail(context: ProviderContext): Promise<number> {
  const now = context.now();
  const timing = context.config.alarmMail;
  // Who and which alarms reach whom: the same rule as the daily digest's (alarmRecipients.ts).
  const recipients = await alarmRecipients(context.db, 'email_alarms');
  if (recipients.length === 0) return 0;
  const states = await context.db.selectFrom('alarm_mail_state').selectAll().execute();
  const stateOf = new Map(states.map((row) => [row.user_id, row]));
  // Most runs find nothing to tell: no breach since anyone was last told of what reaches them and
  // no reminder due (a user no alarm reaches is never due). They end here, before every open
  // alarm is read and sorted out (20,000 open alarms held the provider's thread 45-90 ms every 10 s).
  const latestReaching = await latestBreachReaching(context);
  if (!recipients.some((user) => mayBeDue(stateOf.get(user.id), latestReaching(user), now, timing))) return 0;
  const alarms = await activeAlarms(context);
  if (alarms.length === 0) return 0;
  // Silenced alarms (planned maintenance) notify nobody bound by the silence (alarmsReaching).
  const reaching = await alarmsReaching(context.db, alarms, now);
  const reachedBy = (user: AlarmRecipient) => reaching(user).notifying;
  const silencedFor = (user: AlarmRecipient) => reaching(user).silenced.length;
  // Users reached by the same alarms whose mail stands alike (in a storm, most of them) get the
  // same decision: made once, not sorted again per user (1,000 users × 16,000 alarms held the
  // provider's thread for seconds in bench:alarms).
  type Decided = { readonly decision: MailDecision; readonly latest: number };
  const decided = new Map<readonly ReachedAlarm[], Map<string, Decided>>();
  const decide = (reached: readonly ReachedAlarm[], state: MailState, spacing: AlarmMailTiming) => {
    let byState = decided.get(reached);
    if (!byState) decided.set(reached, (byState = new Map<string, Decided>()));
    const key = `${state.lastSentAt}:${state.toldUpTo}:${spacing.groupIntervalMs}`;
    let found = byState.get(key);
    if (!found) {
      let latest = 0;
      for (const alarm of reached) latest = Math.max(latest, alarm.lastBreachAt);
      found = { decision: mailDecision(reached, state, now, spacing), latest };
      byState.set(key, found);
    }
    return found;
  };
  let sent = 0;
  for (const [index, user] of recipients.entries()) {
    // A turn of the event loop every so many users: the run does not hold the thread that serves everyone.
    if (index > 0 && index % USERS_PER_TURN === 0) await yieldToLoop();
    const reached = reachedBy(user);
    const row = stateOf.get(user.id);
    const state: MailState = { lastSentAt: Number(row?.last_sent_at ?? 0), toldUpTo: Number(row?.told_up_to ?? 0) };
    const { decision, latest } = decide(reached, state, timingFor(user, timing));
    if (decision.kind === 'none') continue;
    const { locale } = user;
    const message = alarmMail({
      to: user.email,
      locale,
      timeZone: user.timeZone,
      kind: decision.kind,
      facts: {
        username: user.username,
        environment: user.environmentName,
        count: decision.alarms.length,
        open: reached.length,
        severity: codeLabel(locale, 'severity', user.severity),
      },
      alarms: decision.alarms,
      silenced: silencedFor(user),
      link: `${context.consoleAddress.forEveryone()}${ROUTES.alarms}?state=active&acknowledged=no`,
    });
    try {
      await context.mailer.send(message);
    } catch (error) {
      log.warn({ err: error, userId: user.id }, 'alarm mail not sent');
      continue;
    }
    sent += 1;
    const toldUpTo = Math.max(state.toldUpTo, latest);
    // When it went, not when the run began: a run that takes a while (a thousand users in a storm)
    // must not let a user's next message come sooner than the interval after this one.
    const sentAt = context.now();
    await context.db
      .insertInto('alarm_mail_state')
      .values({ user_id: user.id, last_sent_at: sentAt, told_up_to: toldUpTo })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ last_sent_at: sentAt, told_up_to: toldUpTo }))
      .execute();
  }
  return sent;
}
