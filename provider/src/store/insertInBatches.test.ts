import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { DIALECTS, startTestProvider, type TestProvider } from '../testing/testProvider.js';
import { insertInBatches } from './insertInBatches.js';
import type { NewSystemLog } from './schema.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

/** Counts the INSERT statements a database handle sends. */
function insertCounter(): KyselyPlugin & { inserts: number } {
  return {
    inserts: 0,
    transformQuery(args: PluginTransformQueryArgs) {
      if (args.node.kind === 'InsertQueryNode') this.inserts += 1;
      return args.node;
    },
    transformResult(args: PluginTransformResultArgs) {
      return Promise.resolve(args.result);
    },
  };
}

describe.each(DIALECTS)('insertInBatches on %s', (dialect) => {
  let provider: TestProvider | undefined;
  afterEach(async () => {
    await provider?.stop();
    provider = undefined;
  });

  async function start() {
    provider = await startTestProvider(dialect);
    const db = provider.provider.context.db;
    const root = await db
      .selectFrom('environments')
      .select('id')
      .where('parent_id', 'is', null)
      .executeTakeFirstOrThrow();
    const rows = (count: number): NewSystemLog[] =>
      Array.from({ length: count }, (_, index) => ({
        environment_id: root.id,
        device_id: null,
        device_name: `device-${index}`,
        device_attribute_type: null,
        event_type: 'link_up',
        value: String(index),
        severity: 0,
        description: `entry ${index}`,
        log_time: 1000 + index,
      }));
    const stored = async () =>
      (await db.selectFrom('system_logs').select(['device_name', 'value']).orderBy('id').execute()).map(
        (row) => `${row.device_name}:${row.value}`,
      );
    return { db, rows, stored };
  }

  it('writes every row, in order, one statement per batch', async () => {
    const { db, rows, stored } = await start();
    const counter = insertCounter();
    await insertInBatches(db.withPlugin(counter), 'system_logs', rows(7), 3);
    expect(counter.inserts).toBe(3);
    expect(await stored()).toEqual(Array.from({ length: 7 }, (_, index) => `device-${index}:${index}`));
  });

  it('sends no statement for no rows, and the same rows with turns between statements', async () => {
    const { db, rows, stored } = await start();
    const counter = insertCounter();
    await insertInBatches(db.withPlugin(counter), 'system_logs', [], 3);
    expect(counter.inserts).toBe(0);
    await insertInBatches(db.withPlugin(counter), 'system_logs', rows(5), 2, { turnBetween: true });
    expect(counter.inserts).toBe(3);
    expect(await stored()).toEqual(Array.from({ length: 5 }, (_, index) => `device-${index}:${index}`));
  });

  it('in a transaction that fails, leaves none of its batches', async () => {
    const { db, rows, stored } = await start();
    const failed = db.transaction().execute(async (trx) => {
      await insertInBatches(trx, 'system_logs', rows(5), 2);
      throw new Error('after the batches');
    });
    await expect(failed).rejects.toThrow('after the batches');
    expect(await stored()).toEqual([]);
  });
});
