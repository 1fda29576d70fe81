import { sql, type KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pruneSystemLogs as pruneSystemLogsJob } from '../jobs/pruneSystemLogs.js';
import { useAdminSuite } from '../testing/adminSuite.js';
import { createEnvironment } from '../testing/people.js';
import { DIALECTS } from '../testing/testProvider.js';
import { pruneSystemLogs } from './systemLogRetention.js';
import type { NewSystemLog } from './schema.js';

const DAY_MS = 86_400_000;

/** Records the rows each DELETE statement removed. */
function deleteCounter(): { plugin: KyselyPlugin; deleted: number[] } {
  const deleted: number[] = [];
  const deletes = new Set<unknown>();
  return {
    deleted,
    plugin: {
      transformQuery(args) {
        if (args.node.kind === 'DeleteQueryNode') deletes.add(args.queryId);
        return args.node;
      },
      transformResult(args) {
        if (deletes.has(args.queryId)) deleted.push(Number(args.result.numAffectedRows ?? 0));
        return Promise.resolve(args.result);
      },
    },
  };
}

describe.each(DIALECTS)('system log retention on %s', (dialect) => {
  const suite = useAdminSuite(dialect, { HALO_SYSTEM_LOGS_RETENTION_DAYS: '30' });

  const entry = (environmentId: number, name: string, ageDays: number): NewSystemLog => ({
    environment_id: environmentId,
    device_id: 1,
    device_name: name,
    device_attribute_type: 1,
    event_type: 'threshold_crossed',
    value: '91',
    severity: 2,
    description: 'Temperature',
    log_time: suite.provider.clock.now - ageDays * DAY_MS,
  });

  it('deletes the entries older than the retention in bounded batches, keeps the recent ones and the name index in step', async () => {
    const { context } = suite.provider.provider;
    const root = suite.admin.environmentId;
    const plant = await createEnvironment(suite.provider.api, suite.admin, 'plant');
    await context.db.deleteFrom('system_logs').execute();
    await context.db
      .insertInto('system_logs')
      .values([
        ...Array.from({ length: 7 }, (_, index) => entry(root, `old-gate-${index}`, 31 + index)),
        ...Array.from({ length: 3 }, (_, index) => entry(plant.id, `old-pump-${index}`, 400)),
        entry(root, 'new-gate', 29),
        entry(plant.id, 'new-pump', 0),
      ])
      .execute();

    const { plugin, deleted } = deleteCounter();
    // Another request's work, queued for every turn of the loop while the prune goes on.
    let otherWork = 0;
    let pruning = true;
    const other = () => {
      otherWork += 1;
      if (pruning) setImmediate(other);
    };
    setImmediate(other);
    const pruned = await pruneSystemLogs(context.db.withPlugin(plugin), context.now() - 30 * DAY_MS, 3);
    pruning = false;
    expect(pruned).toBe(10);
    // No delete removed more than its batch; root's 7 took three, plant's 3 took a full one and an empty one.
    expect(Math.max(...deleted)).toBeLessThanOrEqual(3);
    expect(deleted.filter((count) => count > 0)).toEqual([3, 3, 1, 3]);
    // The loop turned between the batches: other work ran while the prune went on.
    expect(otherWork).toBeGreaterThanOrEqual(deleted.length - 1);

    const left = await context.db.selectFrom('system_logs').select('device_name').orderBy('id').execute();
    expect(left.map((row) => row.device_name)).toEqual(['new-gate', 'new-pump']);
    if (dialect === 'sqlite') {
      // The FTS5 index of names (migration 017) lost the deleted entries with them.
      await sql`insert into system_log_names (system_log_names) values ('integrity-check')`.execute(context.db);
      const found = await sql<{
        rowid: number;
      }>`select rowid from system_log_names where device_name like '%gate%'`.execute(context.db);
      expect(found.rows).toHaveLength(1);
    }
    // The log's name search still answers (the trigram index on PostgreSQL, FTS5 on SQLite).
    const search = await suite.provider.api
      .get(`/api/v1/config/${root}/system_logs`)
      .query({ device_name: 'gate' })
      .set('Authorization', suite.admin.authorization);
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    expect(JSON.stringify(search.body)).toContain('new-gate');
    expect(JSON.stringify(search.body)).not.toContain('old-gate');
  });

  it('is the nightly job: HALO_SYSTEM_LOGS_RETENTION_DAYS back from now', async () => {
    const { context } = suite.provider.provider;
    const root = suite.admin.environmentId;
    await context.db.deleteFrom('system_logs').execute();
    await context.db
      .insertInto('system_logs')
      .values([entry(root, 'a', 30.5), entry(root, 'b', 29.5)])
      .execute();
    await pruneSystemLogsJob(context);
    const left = await context.db.selectFrom('system_logs').select('device_name').execute();
    expect(left.map((row) => row.device_name)).toEqual(['b']);
  });
});
