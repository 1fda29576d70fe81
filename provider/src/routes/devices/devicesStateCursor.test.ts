import { DEVICES_STATE_MAX_REMOVED } from '@halo/shared';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { describe, expect, it, vi } from 'vitest';
import { createFleetSimulator } from '../../simulator/fleetSimulator.js';
import { configCall } from '../../testing/configCall.js';
import { clientDevice, createDevice } from '../../testing/devices.js';
import { DIALECTS } from '../../testing/testProvider.js';

// Each test logs users in (password hashing) on a shared, busy machine: allow for it.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

interface StateAnswer {
  devices_state: { device_id: number; revision: number; name: string }[];
  removed: number[];
  cursor: number;
  incremental: boolean;
}

describe.each(DIALECTS)('devices_state cursor under concurrent writers on %s', (dialect) => {
  const suite = useAdminSuite(dialect);

  it('a poller that follows the cursor ends with exactly the store state: nothing lost, nothing stale', async () => {
    const simulator = createFleetSimulator(suite.provider.provider.context, {
      devices: 120,
      seed: 5,
      changeFraction: 0.2,
      pace: 'churning',
    });
    await simulator.ensureFleet();
    const own = [];
    for (let index = 0; index < 6; index += 1)
      own.push(await createDevice(suite.provider.api, suite.admin, clientDevice(`own-${index}`)));

    const known = new Map<number, { revision: number; name: string }>();
    const poll = async (cursor: number | null) => {
      const query = cursor === null ? '' : `?state=1&cursor=${cursor}`;
      const answer = (
        await configCall(suite.provider.api, suite.admin, 'get', `/devices/devices_state${query}`).expect(200)
      ).body as StateAnswer;
      if (!answer.incremental) known.clear();
      for (const entry of answer.devices_state) {
        const previous = known.get(entry.device_id);
        // An answer never hands back an older state than one already seen (a device changed while
        // a list was read in batches may come again, at the same revision, in the next increment).
        if (previous) expect(entry.revision).toBeGreaterThanOrEqual(previous.revision);
        known.set(entry.device_id, { revision: entry.revision, name: entry.name });
      }
      for (const id of answer.removed) known.delete(id);
      return answer.cursor;
    };

    let cursor = await poll(null);
    let writing = true;
    const writers = Promise.all([
      (async () => {
        for (let tick = 0; tick < 8; tick += 1) await simulator.tick();
      })(),
      ...own.slice(0, 3).map(async (id, writer) => {
        for (let round = 0; round < 8; round += 1) {
          await configCall(suite.provider.api, suite.admin, 'put', `/devices/${id}`, {
            device: clientDevice(`own-${writer}-r${round}`, `SN-own-${writer}`),
          }).expect(200);
        }
      }),
      (async () => {
        for (const id of own.slice(3))
          await configCall(suite.provider.api, suite.admin, 'delete', `/devices/${id}`).expect(200);
        await createDevice(suite.provider.api, suite.admin, clientDevice('late-arrival'));
      })(),
    ]).finally(() => {
      writing = false;
    });
    let polls = 0;
    while (writing) {
      cursor = await poll(cursor);
      polls += 1;
    }
    await writers;
    cursor = await poll(cursor);

    const stored = await suite.provider.provider.context.db
      .selectFrom('devices')
      .select(['id', 'revision', 'name'])
      .where('environment_id', '=', suite.admin.environmentId)
      .execute();
    expect(polls).toBeGreaterThan(1);
    expect(new Map([...known.entries()].sort(([a], [b]) => a - b))).toEqual(
      new Map(
        stored
          .map((row) => [row.id, { revision: Number(row.revision), name: row.name }] as const)
          .sort(([a], [b]) => a - b),
      ),
    );
  }, 60_000);

  it('answers the full list, not every id removed since, to a cursor older than DEVICES_STATE_MAX_REMOVED removals', async () => {
    const { db } = suite.provider.provider.context;
    const kept = await createDevice(suite.provider.api, suite.admin, clientDevice('kept'));
    const state = async (query: string) =>
      (await configCall(suite.provider.api, suite.admin, 'get', `/devices/devices_state${query}`).expect(200))
        .body as StateAnswer;
    const { cursor } = await state('');
    // Removals after the cursor, as deleting that many devices leaves them (ids no device holds).
    const removals = (count: number, firstId: number) =>
      Array.from({ length: count }, (_, index) => ({
        device_id: firstId + index,
        environment_id: suite.admin.environmentId,
        revision: cursor + 1,
        removed_at: 0,
      }));
    const remove = async (rows: ReturnType<typeof removals>) => {
      for (let start = 0; start < rows.length; start += 1000)
        await db
          .insertInto('device_removals')
          .values(rows.slice(start, start + 1000))
          .execute();
    };

    await remove(removals(DEVICES_STATE_MAX_REMOVED, 1_000_000));
    const listed = await state(`?state=1&cursor=${cursor}`);
    expect(listed.incremental).toBe(true);
    expect(listed.removed).toHaveLength(DEVICES_STATE_MAX_REMOVED);

    await remove(removals(1, 2_000_000));
    const full = await state(`?state=1&cursor=${cursor}`);
    expect(full.incremental).toBe(false);
    expect(full.removed).toEqual([]);
    expect(full.devices_state.map((entry) => entry.device_id)).toContain(kept);
  }, 60_000);
});
