import { compactDeviceLiveState, decodeFleetColumns, DeviceLiveStateSchema } from '@halo/shared';
import { describe, expect, it, vi } from 'vitest';
import { createFleetSimulator } from '../../simulator/fleetSimulator.js';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { configCall } from '../../testing/configCall.js';
import { clientDevice, createDevice } from '../../testing/devices.js';
import { as, createEnvironment, createUser } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

// Each test logs users in (password hashing) on a shared, busy machine: allow for it.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

interface StateAnswer {
  devices_state: unknown[];
  columns?: unknown;
  changed_at?: number | null;
  removed: number[];
  cursor: number;
  incremental: boolean;
}

describe.each(DIALECTS)('devices_state with format=columns on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const stateOf = async (query: string) =>
    (await configCall(suite.provider.api, suite.admin, 'get', `/devices/devices_state${query}`).expect(200))
      .body as StateAnswer;

  it('answers the same devices as the entries, as the gateway keeps them, and their oldest change', async () => {
    const simulator = createFleetSimulator(suite.provider.provider.context, {
      devices: 40,
      seed: 9,
      changeFraction: 0.3,
      pace: 'churning',
    });
    await simulator.ensureFleet();
    await simulator.tick();
    await createDevice(suite.provider.api, suite.admin, clientDevice('never-seen'));

    const entries = await stateOf('');
    const columns = await stateOf('?format=columns');
    expect(columns.devices_state).toEqual([]);
    expect(columns.cursor).toBe(entries.cursor);
    expect(columns.incremental).toBe(false);
    const fromEntries = entries.devices_state
      .map((entry) => compactDeviceLiveState(DeviceLiveStateSchema.parse(entry)))
      .sort((a, b) => a.id - b.id);
    expect(fromEntries.length).toBeGreaterThan(40);
    expect(decodeFleetColumns(columns.columns)).toEqual(fromEntries);
    const oldest = Math.min(
      ...entries.devices_state.map((entry) => Date.parse((entry as { updated_at: string }).updated_at)),
    );
    expect(columns.changed_at).toBe(oldest);
  });

  it('answers an incremental list and an empty one as columns too', async () => {
    const first = await stateOf('?format=columns');
    const id = await createDevice(suite.provider.api, suite.admin, clientDevice('after-the-cursor'));
    const since = await stateOf(`?format=columns&state=1&cursor=${first.cursor}`);
    expect(since.incremental).toBe(true);
    expect(decodeFleetColumns(since.columns).map((device) => device.id)).toEqual([id]);
    const none = await stateOf('?format=columns&devices=');
    expect(decodeFleetColumns(none.columns)).toEqual([]);
    expect(none.changed_at).toBeNull();
  });

  it('refuses a format it does not know with error 3, naming the parameter', async () => {
    const answer = await configCall(
      suite.provider.api,
      suite.admin,
      'get',
      '/devices/devices_state?format=protobuf',
    ).expect(400);
    expect(answer.body).toMatchObject({ error: 3, fields: { format: expect.any(String) as unknown } });
  });

  it("gives columns only of the caller's own environments: a sibling's manager and a user without devices view are refused", async () => {
    await createDevice(suite.provider.api, suite.admin, clientDevice('root-secret-device'));
    const branch = await createEnvironment(suite.provider.api, suite.admin, 'branch-columns');
    const sibling = await createEnvironment(suite.provider.api, suite.admin, 'sibling-columns');
    await createDevice(suite.provider.api, branch, clientDevice('branch-device'));
    const noView = `no-view-${dialect}`;
    await createUser(suite.provider.api, branch, noView, []);
    const viewer = await as(suite.provider.api, noView, 'branch-columns');
    for (const [actor, environmentId] of [
      [sibling, branch.id],
      [sibling, suite.admin.environmentId],
      [branch, suite.admin.environmentId],
      [viewer, branch.id],
    ] as const) {
      const answer = await configCall(
        suite.provider.api,
        actor,
        'get',
        '/devices/devices_state?format=columns',
        undefined,
        environmentId,
      );
      expect([403, 404]).toContain(answer.status);
      expect(answer.text).not.toContain('secret-device');
      expect(answer.text).not.toContain('branch-device');
    }
    // The branch's own manager reads its own device only.
    const own = await configCall(suite.provider.api, branch, 'get', '/devices/devices_state?format=columns').expect(
      200,
    );
    expect(decodeFleetColumns((own.body as StateAnswer).columns).map((device) => device.name)).toEqual([
      'branch-device',
    ]);
  });
});
