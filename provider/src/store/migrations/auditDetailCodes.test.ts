import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { DIALECTS, startTestProvider, type TestProvider } from '../../testing/testProvider.js';
import { earlierAuditRow } from '../../testing/earlierAuditRows.js';
import { convertEarlierRows } from './019_audit_detail_codes.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

/** Migration 019: audit rows written before it read in the reader's language where their text is the product's own. */
describe.each(DIALECTS)('audit rows written before detail codes, on %s', (dialect) => {
  let provider: TestProvider;
  beforeEach(async () => {
    provider = await startTestProvider(dialect);
  });
  afterEach(async () => {
    await provider.stop();
  });

  it("turns the product's fixed texts into codes, the event's account into its name, and leaves data alone", async () => {
    const db = provider.provider.context.db;
    const old = (name: string, action: string, detail: string | null) =>
      earlierAuditRow({ resource: 'session', action, name, detail, username: 'alice' });
    await db.deleteFrom('user_audits').execute();
    await db
      .insertInto('user_audits')
      .values([
        old('login failed', 'event', null),
        old('2FA verified', 'event', null),
        old('noc-1', 'create', 'wall display'),
        old('halo.json', 'create', 'halo-12.7.0.json'),
        old('gate', 'update', 'renamed from north'),
      ])
      .execute();
    await convertEarlierRows(db as unknown as Kysely<unknown>);
    const rows = await db.selectFrom('user_audits').select(['name', 'detail', 'detail_code']).orderBy('id').execute();
    expect(rows).toEqual([
      { name: 'alice', detail: null, detail_code: 'loginFailed' },
      { name: 'alice', detail: null, detail_code: 'twoFactorVerified' },
      { name: 'noc-1', detail: 'wall display', detail_code: 'wallDisplay' },
      { name: 'halo.json', detail: 'halo-12.7.0.json', detail_code: null },
      { name: 'gate', detail: 'renamed from north', detail_code: null },
    ]);
  });
});
