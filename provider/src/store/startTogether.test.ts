import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startProvider, type StartedProvider } from '../provider.js';
import { TEST_ADMIN_PASSWORD, TEST_POSTGRES_URL } from '../testing/testProvider.js';

describe('two providers starting together on one PostgreSQL', () => {
  it('migrate once under a lock and create one root environment', async () => {
    const schema = `t_together_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const started: StartedProvider[] = [];
    try {
      const start = () =>
        startProvider(
          loadConfig({
            HALO_DATA_DIR: mkdtempSync(join(tmpdir(), 'halo-together-')),
            HALO_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
            HALO_SECRET_KEY: 'a-secret-key-both-replicas-share',
            DATABASE_URL: TEST_POSTGRES_URL,
          }),
          { store: { postgresSchema: schema } },
        ).then((provider) => {
          started.push(provider);
          return provider;
        });
      const results = await Promise.allSettled([start(), start(), start()]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

      const migrations = await admin.query<{ name: string; n: string }>(
        `SELECT name, count(*) AS n FROM ${schema}.kysely_migration GROUP BY name`,
      );
      expect(migrations.rows.length).toBeGreaterThan(10);
      expect(migrations.rows.every((row) => Number(row.n) === 1)).toBe(true);
      const roots = await admin.query(`SELECT id FROM ${schema}.environments WHERE parent_id IS NULL`);
      expect(roots.rows).toHaveLength(1);
      const managers = await admin.query(`SELECT id FROM ${schema}.users WHERE username = 'admin'`);
      expect(managers.rows).toHaveLength(1);
    } finally {
      await Promise.all(started.map((provider) => provider.close()));
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  }, 60_000);
});
