import { can, DEFAULT_LOCALE, isLocale, isTimeZone, UTC_ZONE, type Locale } from '@halo/shared';
import type { Kysely } from 'kysely';
import type { ProviderContext } from '../context.js';
import { silencedBy, silencesBinding, silencesInForce, type SilenceTest } from '../store/alarmSilences.js';
import type { Database } from '../store/schema.js';

/**
 * Who hears of alarms by e-mail, and which alarms reach them: one rule for the grouped alarm
 * mail (alarmMail.ts) and the daily digest (alarmDigest.ts). A user is reached by the open,
 * unsilenced alarms at or above their severity in their environment and those below it.
 */

/** A user who asked for an alarm e-mail and may read alarms, with what the mail needs of them. */
export interface AlarmRecipient {
  readonly id: number;
  readonly username: string;
  readonly email: string;
  readonly severity: number;
  readonly locale: Locale;
  /** The zone their mail writes times in: theirs when they chose one, else UTC (their browser's is not known here). */
  readonly timeZone: string;
  readonly environmentId: number;
  readonly environmentName: string;
  /** Their own spacing of alarm mail in ms (issue 39, item 6), or null for the installation's. */
  readonly mailIntervalMs: number | null;
}

/** Which e-mail: the grouped alarm mail or the daily digest (the users' column that turns it on). */
export type AlarmMailKind = 'email_alarms' | 'email_digest';

/** Users with an address, enabled, who may view alarms and turned `kind` on. */
export async function alarmRecipients(db: Kysely<Database>, kind: AlarmMailKind): Promise<AlarmRecipient[]> {
  const users = await db
    .selectFrom('users')
    .innerJoin('environments', 'environments.id', 'users.environment_id')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.severity',
      'users.locale',
      'users.time_zone',
      'users.environment_id',
      'users.environment_manager',
      'users.permissions',
      'environments.name as environment_name',
      'users.alarm_mail_interval_minutes',
    ])
    .where('users.email', 'is not', null)
    .where(`users.${kind}`, '=', 1)
    .where('users.is_disabled', '=', 0)
    .execute();
  return users.flatMap((user) =>
    user.email &&
    can(
      { environment_manager: user.environment_manager === 1, permissions: JSON.parse(user.permissions) as unknown },
      'alarms.view',
    )
      ? [
          {
            id: user.id,
            username: user.username,
            email: user.email,
            severity: user.severity,
            locale: user.locale !== null && isLocale(user.locale) ? user.locale : DEFAULT_LOCALE,
            timeZone: user.time_zone !== null && isTimeZone(user.time_zone) ? user.time_zone : UTC_ZONE,
            environmentId: user.environment_id,
            environmentName: user.environment_name,
            mailIntervalMs:
              user.alarm_mail_interval_minutes === null ? null : user.alarm_mail_interval_minutes * 60_000,
          },
        ]
      : [],
  );
}

/** Each environment with those below it. */
export function reachOfEnvironments(
  environments: readonly { id: number; parent_id: number | null }[],
): (environmentId: number) => ReadonlySet<number> {
  const children = new Map<number, number[]>();
  for (const environment of environments) {
    if (environment.parent_id === null) continue;
    children.set(environment.parent_id, [...(children.get(environment.parent_id) ?? []), environment.id]);
  }
  const reach = new Map<number, Set<number>>();
  const below = (id: number): Set<number> => {
    const known = reach.get(id);
    if (known) return known;
    const found = new Set<number>([id]);
    reach.set(id, found);
    for (const child of children.get(id) ?? []) for (const each of below(child)) found.add(each);
    return found;
  };
  return below;
}

/** Each environment with those above it (the chain whose silences bind a recipient there). */
export function chainOfEnvironments(
  environments: readonly { id: number; parent_id: number | null }[],
): (environmentId: number) => ReadonlySet<number> {
  const parentOf = new Map(environments.map((environment) => [environment.id, environment.parent_id]));
  const chains = new Map<number, Set<number>>();
  return (environmentId) => {
    let chain = chains.get(environmentId);
    if (!chain) {
      chain = new Set<number>();
      for (let at: number | null | undefined = environmentId; at != null && !chain.has(at); at = parentOf.get(at))
        chain.add(at);
      chains.set(environmentId, chain);
    }
    return chain;
  };
}

/** The alarms that reach a recipient: those that notify them, and those a silence of theirs quiets. */
export interface Reached<Alarm> {
  readonly notifying: readonly Alarm[];
  readonly silenced: readonly Alarm[];
}

/**
 * The alarms of `alarms` that reach each recipient, worked out once per environment and
 * severity (users of one environment and one severity are reached by the same alarms), split
 * by the silences in force at `now` that bind the recipient: those set from their environment
 * or above it (silencesBinding). A child's silence is the child's; its parent still hears.
 */
export async function alarmsReaching<
  Alarm extends { readonly environmentId: number; readonly deviceId: number; readonly severity: number },
>(
  db: Kysely<Database>,
  alarms: readonly Alarm[],
  now: number,
): Promise<(recipient: Pick<AlarmRecipient, 'environmentId' | 'severity'>) => Reached<Alarm>> {
  const environments = await db.selectFrom('environments').select(['id', 'parent_id']).execute();
  const below = reachOfEnvironments(environments);
  const chainOf = chainOfEnvironments(environments);
  const silences = await silencesInForce(db, [...new Set(alarms.map((alarm) => alarm.environmentId))], now);
  const testFor = new Map<number, SilenceTest>();
  const reached = new Map<string, Reached<Alarm>>();
  return (recipient) => {
    const key = `${recipient.environmentId}:${recipient.severity}`;
    let found = reached.get(key);
    if (!found) {
      let isSilenced = testFor.get(recipient.environmentId);
      if (!isSilenced) {
        isSilenced = silencedBy(silencesBinding(silences, chainOf(recipient.environmentId)), now);
        testFor.set(recipient.environmentId, isSilenced);
      }
      const environments = below(recipient.environmentId);
      const notifying: Alarm[] = [];
      const silenced: Alarm[] = [];
      for (const alarm of alarms)
        if (alarm.severity >= recipient.severity && environments.has(alarm.environmentId))
          (isSilenced(alarm) ? silenced : notifying).push(alarm);
      found = { notifying, silenced };
      reached.set(key, found);
    }
    return found;
  };
}

/** An active alarm as the e-mails tell of it (the grouped mail and the digest). */
export interface ActiveAlarm {
  readonly environmentId: number;
  /** Its environment's name: a mail to a user above it names where each device is (issue 39, item 6). */
  readonly environmentName: string;
  readonly deviceId: number;
  readonly deviceName: string;
  readonly attributeType: number;
  readonly severity: number;
  readonly value: string | null;
  readonly openedAt: number;
  readonly lastBreachAt: number;
  readonly acknowledged: boolean;
}

/** Every active alarm of the installation (thousands in a storm), read off the loop that serves everyone. */
export async function activeAlarms(context: ProviderContext): Promise<ActiveAlarm[]> {
  const rows = await context.reads
    .begin('page', new AbortController().signal)
    .rows(
      context.db
        .selectFrom('alarms')
        .innerJoin('environments', 'environments.id', 'alarms.environment_id')
        .select([
          'alarms.environment_id',
          'environments.name as environment_name',
          'alarms.device_id',
          'alarms.device_name',
          'alarms.device_attribute_type',
          'alarms.severity',
          'alarms.last_value',
          'alarms.opened_at',
          'alarms.last_breach_at',
          'alarms.acknowledged_at',
        ])
        .where('alarms.cleared_at', 'is', null)
        .compile(),
    );
  return rows.map((row) => ({
    environmentId: row.environment_id,
    environmentName: row.environment_name,
    deviceId: row.device_id,
    deviceName: row.device_name,
    attributeType: row.device_attribute_type,
    severity: row.severity,
    value: row.last_value,
    openedAt: Number(row.opened_at),
    lastBreachAt: Number(row.last_breach_at),
    acknowledged: row.acknowledged_at !== null,
  }));
}
