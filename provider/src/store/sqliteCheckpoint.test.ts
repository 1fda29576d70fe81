import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../testing/testProvider.js';

describe('the SQLite WAL, checkpointed by the read workers', () => {
  let provider: TestProvider | undefined;
  afterEach(async () => {
    await provider?.stop();
  });

  it('leaves the writer no checkpoint to run in its commits, and moves what was written into the database file', async () => {
    provider = await startTestProvider('sqlite');
    const { db, config } = provider.provider.context;
    const file = join(config.dataDir, 'halo.sqlite');
    const autocheckpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(autocheckpoint.rows[0]?.wal_autocheckpoint).toBe(0);
    const before = statSync(file).size;
    // A few MB of log, written by the writer: they go to the WAL, not the database file.
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000)
      insert into system_logs (environment_id, device_id, device_name, device_attribute_type, event_type, value,
        severity, description, log_time, is_alert)
      select 1, null, 'checkpoint-' || i, 1, 'back_to_safety', '1', 0, printf('%0200d', i), i, 0 from n`.execute(db);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(1_000_000);
    await expect
      .poll(() => statSync(file).size, { timeout: 15_000, interval: 200 })
      .toBeGreaterThan(before + 1_000_000);
  });
});
