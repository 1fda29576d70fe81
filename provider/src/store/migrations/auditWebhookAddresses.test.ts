import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { DIALECTS, startTestProvider, type TestProvider } from '../../testing/testProvider.js';
import { earlierAuditRow } from '../../testing/earlierAuditRows.js';
import { hideWebhookAddresses } from './032_audit_webhook_addresses.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

/** Migration 032: alarm webhook audit entries written before it keep the address's scheme and host only. */
describe.each(DIALECTS)('alarm webhook audit entries written before issue 39, on %s', (dialect) => {
  let provider: TestProvider;
  beforeEach(async () => {
    provider = await startTestProvider(dialect);
  });
  afterEach(async () => {
    await provider.stop();
  });

  it("rewrites a webhook's address to its scheme and host, and leaves every other entry alone", async () => {
    const db = provider.provider.context.db;
    const old = (resource: string, name: string, detail: string | null) =>
      earlierAuditRow({ resource, action: 'create', name, detail, user_id: 1 });
    await db.deleteFrom('user_audits').execute();
    await db
      .insertInto('user_audits')
      .values([
        old('alarm_webhook', 'Chat', 'https://hooks.example.com/services/T1/B2/xoxSecret?token=s3cret'),
        old('alarm_webhook', 'Relay', 'http://10.20.1.5:8080/in'),
        old('alarm_webhook', 'Odd', 'not an address'),
        old('alarm_webhook', 'None', null),
        old('satcom_target', 'target', 'https://satcom.example.com/api/key123'),
        // A batch's worth more, so the rewrite walks past its first batch.
        ...Array.from({ length: 501 }, (_, index) => old('alarm_webhook', `w${index}`, `https://h${index}.example/p`)),
      ])
      .execute();
    await hideWebhookAddresses(db as unknown as Kysely<unknown>);
    const rows = await db.selectFrom('user_audits').select(['name', 'detail']).orderBy('id').execute();
    expect(rows.slice(0, 5)).toEqual([
      { name: 'Chat', detail: 'https://hooks.example.com/…' },
      { name: 'Relay', detail: 'http://10.20.1.5:8080/…' },
      { name: 'Odd', detail: '…' },
      { name: 'None', detail: null },
      { name: 'target', detail: 'https://satcom.example.com/api/key123' },
    ]);
    expect(rows.at(-1)).toEqual({ name: 'w500', detail: 'https://h500.example/…' });
    expect(rows.filter((row) => row.detail?.endsWith('/p'))).toEqual([]);
  });
});
