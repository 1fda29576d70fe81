import { describe, expect, it, vi } from 'vitest';
import { pruneHeatSightHistory } from '../jobs/pruneHeatSightHistory.js';
import { useAdminSuite } from '../testing/adminSuite.js';
import { seedHistory } from '../testing/deviceHistory.js';
import { DIALECTS } from '../testing/testProvider.js';
import { pruneHistoryTable } from './deviceHistory.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const DAY = 86_400_000;

describe.each(DIALECTS)('the devices’ history retention on %s', (dialect) => {
  const suite = useAdminSuite(dialect);

  it('goes with HeatSight’s raw samples, keeping the latest change of each device and link however old', async () => {
    const { context } = suite.provider.provider;
    const { db } = context;
    const now = suite.provider.clock.now;
    const ago = (days: number) => now - days * DAY;
    // Defaults: 7 days.
    await seedHistory(db, 1, {
      connection: [
        [ago(10), 1],
        [ago(9), 0],
        [ago(8), 1],
        [ago(1), 0],
      ],
      links: [
        ['eth:0', ago(10), true],
        ['eth:0', ago(9), false],
        ['eth:1', ago(10), true],
        ['eth:1', ago(2), false],
      ],
      readings: [
        [ago(8), 50, 40],
        [ago(6), 51, 41],
      ],
    });
    await seedHistory(db, 2, {
      connection: [
        [ago(20), 1],
        [ago(12), 0],
      ],
    });
    await pruneHeatSightHistory(context);
    const connection = await db
      .selectFrom('device_connection_changes')
      .select(['device_id', 'changed_at', 'state', 'observed_ms'])
      .orderBy('device_id')
      .orderBy('changed_at')
      .execute();
    // Device 1 changed since; device 2 did not: its last change still says how it is.
    expect(connection.map((row) => [row.device_id, Number(row.changed_at), row.state])).toEqual([
      [1, ago(1), 0],
      [2, ago(12), 0],
    ]);
    // The totals carried on stay as they were written.
    expect(Number(connection[0]!.observed_ms)).toBe(9 * DAY);
    const links = await db
      .selectFrom('device_link_changes')
      .select(['link_key', 'changed_at'])
      .orderBy('link_key')
      .orderBy('changed_at')
      .execute();
    expect(links.map((row) => [row.link_key, Number(row.changed_at)])).toEqual([
      ['eth:0', ago(9)],
      ['eth:1', ago(2)],
    ]);
    const readings = await db.selectFrom('device_readings').select('reading_time').execute();
    expect(readings.map((row) => Number(row.reading_time))).toEqual([ago(6)]);
  });

  it('walks the table in bounded deletes, past rows it keeps', async () => {
    const { db } = suite.provider.provider.context;
    const now = suite.provider.clock.now;
    // Twenty devices whose only (old) change is kept, then one with many old changes.
    for (let device = 1; device <= 20; device += 1)
      await seedHistory(db, device, { connection: [[now - 100 * DAY + device, 1]] });
    await seedHistory(db, 99, {
      connection: Array.from(
        { length: 30 },
        (_, index) => [now - 50 * DAY + index * 1000, index % 2 === 0 ? 1 : 0] as const,
      ),
    });
    expect(await pruneHistoryTable(db, 'device_connection_changes', now - DAY, 3)).toBe(29);
    const left = await db.selectFrom('device_connection_changes').select('device_id').execute();
    expect(left).toHaveLength(21);
    expect(await pruneHistoryTable(db, 'device_connection_changes', now - DAY, 3)).toBe(0);
  });
});
