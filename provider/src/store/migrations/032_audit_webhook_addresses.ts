import { webhookAddressForAudit } from '@halo/shared';
import { sql, type Kysely } from 'kysely';

/** Rows read and rewritten at a time: an audit log may hold many webhook entries, memory holds a batch. */
const BATCH = 500;

/**
 * Issue 39: the audit log is open to anyone with logs view, and it showed alarm webhooks'
 * whole addresses, credentials in their paths included (Slack-, Teams- and Mattermost-style
 * receivers). Entries are now written with scheme and host only (webhookAddressForAudit); the
 * entries written before are rewritten the same way, so no earlier address stays readable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await hideWebhookAddresses(db);
}

/** Rewrites the detail of every alarm webhook audit entry to the address's scheme and host. */
export async function hideWebhookAddresses(db: Kysely<unknown>): Promise<void> {
  for (let after = 0; ;) {
    const { rows } = await sql<{ id: number; detail: string }>`select id, detail from user_audits
      where resource = 'alarm_webhook' and detail is not null and id > ${after} order by id limit ${BATCH}`.execute(db);
    for (const row of rows) {
      const shown = webhookAddressForAudit(row.detail);
      if (shown !== row.detail) await sql`update user_audits set detail = ${shown} where id = ${row.id}`.execute(db);
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = Number(last.id);
  }
}
