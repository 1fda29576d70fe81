import {
  OutboundFailureReason,
  outboundFailureCode,
  parseOutboundFailure,
  SatcomLinkStatus,
  type SatcomTarget,
} from '@halo/shared';
import type { Kysely } from 'kysely';
import type { Database, SatcomTargetRow } from '../store/schema.js';

const isoOrNull = (time: number | null) => (time === null ? null : new Date(Number(time)).toISOString());

/** The last failure, re-encoded from what was stored; free text written before failures were codes reads as unreachable. */
const lastFailureOf = (stored: string | null) =>
  stored === null
    ? null
    : outboundFailureCode(parseOutboundFailure(stored) ?? { reason: OutboundFailureReason.UNREACHABLE });

/** The target of an environment as answered: never the key, only whether one is stored. */
export async function satcomTargetView(
  db: Kysely<Database>,
  environmentId: number,
  row: SatcomTargetRow | undefined,
): Promise<SatcomTarget> {
  if (!row) {
    return {
      url: null,
      has_api_key: false,
      link_status: SatcomLinkStatus.DISABLED,
      checked: true,
      last_transmitted_at: null,
      last_error: null,
      next_attempt_at: null,
      pending: 0,
    };
  }
  const pending = await db
    .selectFrom('satcom_messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('environment_id', '=', environmentId)
    .where('id', '>', row.forwarded_through_id)
    .executeTakeFirstOrThrow();
  return {
    url: row.url,
    has_api_key: true,
    link_status: row.link_status as SatcomTarget['link_status'],
    checked: row.checked_at !== null,
    last_transmitted_at: isoOrNull(row.last_transmitted_at),
    last_error: lastFailureOf(row.last_error),
    next_attempt_at: isoOrNull(row.next_attempt_at),
    pending: Number(pending.count),
  };
}

export const findSatcomTarget = (db: Kysely<Database>, environmentId: number) =>
  db.selectFrom('satcom_targets').selectAll().where('environment_id', '=', environmentId).executeTakeFirst();
