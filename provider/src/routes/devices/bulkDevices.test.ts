import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import {
  DEVICE_BULK_MAX_DEVICES,
  DeviceBulkResultSchema,
  DeviceInputSchema,
  ErrorCode,
  JSON_BODY_MAX_BYTES,
  Permission,
} from '@halo/shared';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { clientDevice, createDevice } from '../../testing/devices.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';
import { insertInBatches } from '../../store/insertInBatches.js';
import { newDeviceRow } from '../../store/newDeviceRow.js';
import { takeRevisions } from '../../store/revisions.js';
import { rfRecordingPath, writeRfRecordingFile } from '../../store/rfRecordingFiles.js';
import { DEVICES_PER_TRANSACTION } from './bulkDevices.js';

// Users log in (password hashing) on a shared, busy machine: allow for it.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

const POLICY = { is_auto_upgrade_enabled: false, allowed_days: [7, 6, 6], allowed_hours: [3, 2] };

describe.each(DIALECTS)('bulk actions on devices on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const db = () => suite.provider.provider.context.db;

  const bulk = (actor: Actor, body: object, environmentId = actor.environmentId) =>
    suite.provider.api
      .post(`/api/v1/config/${environmentId}/devices/bulk`)
      .set('Authorization', actor.authorization)
      .send(body);

  /** A bulk call that must succeed: its report, parsed by the contract's schema. */
  async function report(actor: Actor, body: object) {
    const response = await bulk(actor, body);
    expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(200);
    return DeviceBulkResultSchema.parse(response.body);
  }

  const deviceAudits = () =>
    db()
      .selectFrom('user_audits')
      .select(['resource', 'action', 'name', 'changes', 'username'])
      .where('resource', 'in', ['device', 'group'])
      .where('action', '!=', 'create')
      .orderBy('id')
      .execute();

  const cursorNow = async (actor: Actor) =>
    Number((await suite.send(actor, 'get', '/devices/devices_state').expect(200)).body.cursor);

  const changedSince = async (actor: Actor, cursor: number) => {
    const body = (await suite.send(actor, 'get', `/devices/devices_state?state=1&cursor=${cursor}`).expect(200))
      .body as {
      devices_state: { device_id: number; is_enabled: boolean; revision?: number }[];
      removed: number[];
      incremental: boolean;
    };
    expect(body.incremental).toBe(true);
    return body;
  };

  /** `count` client devices of the environment written straight to the store (faster than the API for hundreds). */
  async function seedDevices(environmentId: number, count: number, prefix: string): Promise<number[]> {
    await db()
      .transaction()
      .execute(async (trx) => {
        const first = await takeRevisions(trx, count);
        const rows = Array.from({ length: count }, (_, index) =>
          newDeviceRow(
            DeviceInputSchema.parse(clientDevice(`${prefix}-${index}`)),
            { environmentId, userId: suite.admin.userId, now: Date.now() },
            first + index,
          ),
        );
        await insertInBatches(trx, 'devices', rows, 200);
      });
    const rows = await db()
      .selectFrom('devices')
      .select('id')
      .where('environment_id', '=', environmentId)
      .where('name', 'like', `${prefix}-%`)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  it('plain 52 reaches only own and allowed devices: the others are refused, each change audited and reported by devices_state', async () => {
    const managed = await createDevice(suite.provider.api, suite.admin, clientDevice('managed'));
    const allowedA = await createDevice(suite.provider.api, suite.admin, clientDevice('allowed-a'));
    const allowedB = await createDevice(suite.provider.api, suite.admin, clientDevice('allowed-b'));
    const plainId = await createUser(suite.provider.api, suite.admin, 'plain', [
      Permission.DEVICES_VIEW,
      Permission.DEVICES_ADD,
      Permission.DEVICES_UPDATE,
    ]);
    await db()
      .insertInto('user_devices')
      .values([
        { user_id: plainId, device_id: allowedA },
        { user_id: plainId, device_id: allowedB },
      ])
      .execute();
    const plain = await as(suite.provider.api, 'plain', 'root');
    const own = await createDevice(suite.provider.api, plain, clientDevice('own'));
    const cursor = await cursorNow(plain);
    const before = await db().selectFrom('devices').select(['id', 'revision']).orderBy('id').execute();

    // A dry run first: the same checks and report, nothing written (no revision, no audit row).
    const checked = await report(plain, {
      action: 'disable',
      device_ids: [managed, allowedA, own, 987_654, allowedB, allowedA],
      dry_run: true,
    });
    expect(checked).toEqual({
      action: 'disable',
      requested: 5,
      done: [allowedA, own, allowedB],
      unchanged: [],
      refused: [
        { device_id: managed, name: 'managed', reason: 'notAllowed' },
        { device_id: 987_654, name: null, reason: 'notFound' },
      ],
    });
    expect(await db().selectFrom('devices').select(['id', 'revision']).orderBy('id').execute()).toEqual(before);
    expect(await deviceAudits()).toEqual([]);

    const disabled = await report(plain, {
      action: 'disable',
      device_ids: [managed, allowedA, own, 987_654, allowedB, allowedA],
    });
    expect(disabled).toEqual({
      action: 'disable',
      requested: 5,
      done: [allowedA, own, allowedB],
      unchanged: [],
      refused: [
        { device_id: managed, name: 'managed', reason: 'notAllowed' },
        { device_id: 987_654, name: null, reason: 'notFound' },
      ],
    });
    expect(await deviceAudits()).toEqual(
      ['allowed-a', 'own', 'allowed-b'].map((name) => ({
        resource: 'device',
        action: 'disable',
        name,
        changes: JSON.stringify([{ field: 'is_enabled', old: 'true', new: 'false' }]),
        username: 'plain',
      })),
    );
    // Each changed device has a revision of its own, above every earlier one; the refused one is untouched.
    const after = await db().selectFrom('devices').select(['id', 'revision', 'is_enabled']).orderBy('id').execute();
    const highest = Math.max(...before.map((row) => Number(row.revision)));
    const revisions = after.filter((row) => disabled.done.includes(row.id)).map((row) => Number(row.revision));
    expect(new Set(revisions).size).toBe(3);
    expect(Math.min(...revisions)).toBeGreaterThan(highest);
    expect(after.find((row) => row.id === managed)).toMatchObject({ is_enabled: 1 });
    const changed = await changedSince(plain, cursor);
    expect(
      changed.devices_state
        .map((entry) => [entry.device_id, entry.is_enabled])
        .sort(([a], [b]) => Number(a) - Number(b)),
    ).toEqual([
      [allowedA, false],
      [allowedB, false],
      [own, false],
    ]);

    // Again: already disabled, nothing written; enabling writes again.
    const again = await report(plain, { action: 'disable', device_ids: [allowedA, own] });
    expect(again).toMatchObject({ done: [], unchanged: [allowedA, own], refused: [] });
    expect(await deviceAudits()).toHaveLength(3);
    const cursorAfter = (await changedSince(plain, cursor)).devices_state.length;
    expect(cursorAfter).toBe(3);
    expect((await report(plain, { action: 'enable', device_ids: [own] })).done).toEqual([own]);
    expect((await deviceAudits()).at(-1)).toMatchObject({ action: 'enable', name: 'own' });

    // An upgrade policy: written sorted as PUT writes it, audited as an update; the same again is unchanged.
    const policy = await report(plain, {
      action: 'set_upgrade_policy',
      device_ids: [allowedA, managed],
      upgrade_policy: POLICY,
    });
    expect(policy).toMatchObject({ done: [allowedA], unchanged: [], refused: [{ device_id: managed }] });
    const listed = await suite.send(suite.admin, 'get', `/devices?devices=${allowedA}`).expect(200);
    expect(listed.body.devices[0].upgrade_policy).toEqual({
      is_auto_upgrade_enabled: false,
      allowed_days: [6, 7],
      allowed_hours: [2, 3],
    });
    const audit = (await deviceAudits()).at(-1);
    expect(audit).toMatchObject({ action: 'update', name: 'allowed-a' });
    expect(JSON.parse(audit?.changes ?? '[]')).toEqual([
      expect.objectContaining({ field: 'upgrade_policy', new: JSON.stringify(listed.body.devices[0].upgrade_policy) }),
    ]);
    const same = await report(plain, { action: 'set_upgrade_policy', device_ids: [allowedA], upgrade_policy: POLICY });
    expect(same).toMatchObject({ done: [], unchanged: [allowedA] });
    expect(await deviceAudits()).toHaveLength(5);

    // Plain 52 holds no delete: the single call's 403, nothing removed.
    const refused = await bulk(plain, { action: 'delete', device_ids: [own] });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'deviceDeleteForbidden',
      message: 'You are not permitted to delete this device',
    });
    expect(await db().selectFrom('devices').select('id').where('id', '=', own).execute()).toHaveLength(1);

    // Plain 54: the same reach for deletion.
    const deleterId = await createUser(suite.provider.api, suite.admin, 'deleter', [
      Permission.DEVICES_VIEW,
      Permission.DEVICES_DELETE,
    ]);
    await db().insertInto('user_devices').values({ user_id: deleterId, device_id: allowedB }).execute();
    const deleter = await as(suite.provider.api, 'deleter', 'root');
    expect(await report(deleter, { action: 'delete', device_ids: [own, allowedB, managed] })).toMatchObject({
      done: [allowedB],
      refused: [
        { device_id: own, name: 'own', reason: 'notAllowed' },
        { device_id: managed, name: 'managed', reason: 'notAllowed' },
      ],
    });
    expect((await changedSince(deleter, cursor)).removed).toEqual([allowedB]);
  });

  it("53 and 55 reach every device of the environment; another tenant's ids are not found and nothing of theirs changes", async () => {
    const tenant = await createEnvironment(suite.provider.api, suite.admin, 'tenant-x');
    const foreign = await createDevice(suite.provider.api, tenant, clientDevice('theirs'));
    const mine = await createDevice(suite.provider.api, suite.admin, clientDevice('mine'));
    const child = await createDevice(suite.provider.api, suite.admin, clientDevice('mine-too'));
    await createUser(suite.provider.api, suite.admin, 'everything', [
      Permission.DEVICES_VIEW,
      Permission.DEVICES_UPDATE_ALL,
      Permission.DEVICES_DELETE_ALL,
    ]);
    const all = await as(suite.provider.api, 'everything', 'root');
    const theirs = () =>
      db().selectFrom('devices').selectAll().where('environment_id', '=', tenant.environmentId).execute();
    const untouched = JSON.stringify(await theirs());

    const disabled = await report(all, { action: 'disable', device_ids: [mine, foreign, child] });
    expect(disabled.done).toEqual([mine, child]);
    expect(disabled.refused).toEqual([{ device_id: foreign, name: null, reason: 'notFound' }]);
    // The tenant names root's device from its own environment: not found either.
    const stranger = await bulk(tenant, { action: 'delete', device_ids: [mine] });
    expect(DeviceBulkResultSchema.parse(stranger.body).refused).toEqual([
      { device_id: mine, name: null, reason: 'notFound' },
    ]);
    // And root's environment named by the tenant: the environment is not found.
    const foreignEnvironment = await bulk(tenant, { action: 'delete', device_ids: [mine] }, suite.admin.environmentId);
    expect(foreignEnvironment.status).toBe(404);
    expect(foreignEnvironment.body.error).toBe(ErrorCode.INVALID_TOKEN);
    const removed = await report(all, { action: 'delete', device_ids: [foreign, mine, child] });
    expect(removed).toMatchObject({ done: [mine, child], refused: [{ device_id: foreign, reason: 'notFound' }] });
    expect(JSON.stringify(await theirs())).toBe(untouched);
    expect(
      await db()
        .selectFrom('user_audits')
        .select('id')
        .where('environment_id', '=', tenant.environmentId)
        .where('resource', '=', 'device')
        .where('action', '!=', 'create')
        .execute(),
    ).toEqual([]);
    // A parent's manager acts in the child environment the same way.
    const parentReach = await bulk(suite.admin, { action: 'disable', device_ids: [foreign] }, tenant.environmentId);
    expect(DeviceBulkResultSchema.parse(parentReach.body).done).toEqual([foreign]);
  });

  it('delete removes each device as the single delete does: removals, cleared alarms, recording files, audit rows', async () => {
    const [first, second, third] = await seedDevices(suite.admin.environmentId, 3, 'doomed');
    if (first === undefined || second === undefined || third === undefined) throw new Error('seeded 3 devices');
    const dataDir = suite.provider.provider.context.config.dataDir;
    for (const [index, deviceId] of [first, second].entries()) {
      const uuid = `00000000-0000-4000-8000-00000000000${index}`;
      await writeRfRecordingFile(dataDir, `${uuid}.iq`, new Uint8Array([1, 2, 3]));
      await db()
        .insertInto('rf_recordings')
        .values({
          environment_id: suite.admin.environmentId,
          device_id: deviceId,
          report_uuid: uuid,
          file_name: `${uuid}.iq`,
          size_bytes: 3,
          start_time: 1,
          end_time: 2,
          created_at: 1,
        })
        .execute();
    }
    const alarm = (deviceId: number, attribute: number, clearedAt: number | null) => ({
      environment_id: suite.admin.environmentId,
      device_id: deviceId,
      device_name: 'doomed',
      device_attribute_type: attribute,
      severity: 3,
      peak_severity: 3,
      last_value: '90',
      breach_count: 1,
      opened_at: 1,
      last_breach_at: 1,
      cleared_at: clearedAt,
      revision: 1,
    });
    await db()
      .insertInto('alarms')
      .values([alarm(first, 1, null), alarm(first, 2, null), alarm(third, 1, 5), alarm(third, 2, null)])
      .execute();
    const cursor = await cursorNow(suite.admin);

    const removed = await report(suite.admin, { action: 'delete', device_ids: [first, second, third] });
    expect(removed).toMatchObject({ done: [first, second, third], unchanged: [], refused: [] });
    expect(await db().selectFrom('devices').select('id').where('name', 'like', 'doomed-%').execute()).toEqual([]);
    expect(await db().selectFrom('rf_recordings').selectAll().execute()).toEqual([]);
    for (const index of [0, 1]) {
      expect(existsSync(rfRecordingPath(dataDir, `00000000-0000-4000-8000-00000000000${index}.iq`))).toBe(false);
    }
    const removals = await db()
      .selectFrom('device_removals')
      .select(['device_id', 'revision'])
      .orderBy('device_id')
      .execute();
    expect(removals.map((row) => row.device_id)).toEqual([first, second, third]);
    expect(new Set(removals.map((row) => row.revision)).size).toBe(3);
    // Active alarms are cleared under their device's removal revision; the one cleared before keeps its time.
    const alarms = await db()
      .selectFrom('alarms')
      .select(['device_id', 'cleared_at', 'revision'])
      .orderBy('id')
      .execute();
    const revisionOf = (deviceId: number) => removals.find((row) => row.device_id === deviceId)?.revision;
    expect(alarms).toEqual([
      { device_id: first, cleared_at: expect.any(Number), revision: revisionOf(first) },
      { device_id: first, cleared_at: expect.any(Number), revision: revisionOf(first) },
      { device_id: third, cleared_at: 5, revision: 1 },
      { device_id: third, cleared_at: expect.any(Number), revision: revisionOf(third) },
    ]);
    expect(alarms[0]?.cleared_at).toBeGreaterThan(5);
    expect((await changedSince(suite.admin, cursor)).removed.sort((a, b) => a - b)).toEqual([first, second, third]);
    expect((await deviceAudits()).map((row) => [row.action, row.name])).toEqual([
      ['delete', 'doomed-0'],
      ['delete', 'doomed-1'],
      ['delete', 'doomed-2'],
    ]);
    // Gone: a second delete finds none of them.
    const twice = await report(suite.admin, { action: 'delete', device_ids: [first] });
    expect(twice.refused).toEqual([{ device_id: first, name: null, reason: 'notFound' }]);
  });

  it('many devices: several transactions, every device done once with a revision of its own', async () => {
    const count = DEVICES_PER_TRANSACTION * 2 + 17;
    const ids = await seedDevices(suite.admin.environmentId, count, 'fleet');
    const cursor = await cursorNow(suite.admin);
    const disabled = await report(suite.admin, { action: 'disable', device_ids: ids });
    expect(disabled.done).toEqual(ids);
    const rows = await db().selectFrom('devices').select(['is_enabled', 'revision']).where('id', 'in', ids).execute();
    expect(rows.every((row) => row.is_enabled === 0)).toBe(true);
    expect(new Set(rows.map((row) => row.revision)).size).toBe(count);
    expect((await changedSince(suite.admin, cursor)).devices_state).toHaveLength(count);
    expect(await deviceAudits()).toHaveLength(count);
  });

  it('a store failure mid-way: that batch rolled back, the call answers its report (done before, notDone from there), no 500', async () => {
    const count = DEVICES_PER_TRANSACTION * 2 + 17;
    const ids = await seedDevices(suite.admin.environmentId, count, 'failing');
    // The store refuses to update one device past the first transaction, as a full disk or a
    // lost connection would refuse the write: its transaction fails and is rolled back.
    const failing = ids[DEVICES_PER_TRANSACTION + 5]!;
    if (dialect === 'sqlite')
      await sql`create trigger bulk_fails before update on devices when new.id = ${sql.lit(failing)}
        begin select raise(abort, 'the store failed (test)'); end`.execute(db());
    else {
      await sql`create function bulk_fails() returns trigger language plpgsql as $$
        begin raise exception 'the store failed (test)'; end $$`.execute(db());
      await sql`create trigger bulk_fails before update on devices for each row
        when (new.id = ${sql.lit(failing)}) execute function bulk_fails()`.execute(db());
    }
    const auditsBefore = (await deviceAudits()).length;
    const answered = await report(suite.admin, { action: 'disable', device_ids: ids });
    // Transactions are sized as they go: what was committed is a prefix of the ids that ends
    // before the failing device, by less than one transaction's most.
    const committed = answered.done.length;
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThanOrEqual(DEVICES_PER_TRANSACTION + 5);
    expect(committed).toBeGreaterThan(5);
    const firstBatches = ids.slice(0, committed);
    expect(answered.done).toEqual(firstBatches);
    expect(answered.unchanged).toEqual([]);
    expect(answered.refused.map((entry) => entry.device_id)).toEqual(ids.slice(committed));
    expect(new Set(answered.refused.map((entry) => entry.reason))).toEqual(new Set(['notDone']));
    // What the store holds is what the report says: those batches disabled and audited, nothing of the others.
    const rows = await db().selectFrom('devices').select(['id', 'is_enabled']).where('id', 'in', ids).execute();
    const disabled = rows.filter((row) => row.is_enabled === 0).map((row) => row.id);
    expect(disabled.sort((a, b) => a - b)).toEqual([...firstBatches].sort((a, b) => a - b));
    expect((await deviceAudits()).length - auditsBefore).toBe(committed);

    // Asked again once the store is well, the rest is done and what was done before is unchanged.
    await sql`drop trigger bulk_fails${sql.raw(dialect === 'postgres' ? ' on devices' : '')}`.execute(db());
    const again = await report(suite.admin, { action: 'disable', device_ids: ids });
    expect(again.unchanged).toEqual(firstBatches);
    expect(again.done).toEqual(ids.slice(committed));
    expect(again.refused).toEqual([]);
  });

  it('groups: devices in and out, those already so unchanged; a group of another environment is 404; 403 without groups.update', async () => {
    const [one, two, three] = await seedDevices(suite.admin.environmentId, 3, 'member');
    if (one === undefined || two === undefined || three === undefined) throw new Error('seeded 3 devices');
    const group = Number((await suite.send(suite.admin, 'post', '/groups', { group: { name: 'north' } })).body.id);
    await suite.send(suite.admin, 'post', `/groups/${group}/devices`, { add: [one] }).expect(200);
    const members = async () =>
      (await suite.send(suite.admin, 'get', `/groups/${group}/devices`).expect(200)).body.devices.map(
        (device: { id: number }) => device.id,
      );
    const before = (await deviceAudits()).length;

    const added = await report(suite.admin, {
      action: 'add_to_group',
      group_id: group,
      device_ids: [one, two, three, 424_242],
    });
    expect(added).toEqual({
      action: 'add_to_group',
      requested: 4,
      done: [two, three],
      unchanged: [one],
      refused: [{ device_id: 424_242, name: null, reason: 'notFound' }],
    });
    expect((await members()).sort()).toEqual([one, two, three].sort());
    const audits = (await deviceAudits()).slice(before);
    expect(audits.map((row) => [row.resource, row.action, row.name, JSON.parse(row.changes ?? '[]')])).toEqual([
      ['group', 'update', 'north', [{ field: 'devices', old: null, new: 'member-1' }]],
      ['group', 'update', 'north', [{ field: 'devices', old: null, new: 'member-2' }]],
    ]);
    const taken = await report(suite.admin, { action: 'remove_from_group', group_id: group, device_ids: [two, one] });
    expect(taken).toMatchObject({ done: [two, one], unchanged: [] });
    expect(await members()).toEqual([three]);
    expect(
      await report(suite.admin, { action: 'remove_from_group', group_id: group, device_ids: [two] }),
    ).toMatchObject({
      done: [],
      unchanged: [two],
    });

    const tenant = await createEnvironment(suite.provider.api, suite.admin, 'tenant-g');
    const theirGroup = Number((await suite.send(tenant, 'post', '/groups', { group: { name: 'theirs' } })).body.id);
    const foreign = await bulk(suite.admin, { action: 'add_to_group', group_id: theirGroup, device_ids: [one] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(ErrorCode.INVALID_ID);

    await createUser(suite.provider.api, suite.admin, 'device-editor', [
      Permission.DEVICES_VIEW,
      Permission.DEVICES_UPDATE_ALL,
    ]);
    const editor = await as(suite.provider.api, 'device-editor', 'root');
    const refused = await bulk(editor, { action: 'add_to_group', group_id: group, device_ids: [one] });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('forbidden');
    expect(await members()).toEqual([three]);
  });

  it("without the action's capability: the single call's 403 and nothing changes", async () => {
    const device = await createDevice(suite.provider.api, suite.admin, clientDevice('kept'));
    await createUser(suite.provider.api, suite.admin, 'viewer', [Permission.DEVICES_VIEW]);
    const viewer = await as(suite.provider.api, 'viewer', 'root');
    const snapshot = async () => JSON.stringify(await db().selectFrom('devices').selectAll().execute());
    const before = await snapshot();
    for (const [body, error] of [
      [{ action: 'disable', device_ids: [device] }, 'deviceUpdateForbidden'],
      [{ action: 'set_upgrade_policy', device_ids: [device], upgrade_policy: POLICY }, 'deviceUpdateForbidden'],
      [{ action: 'delete', device_ids: [device] }, 'deviceDeleteForbidden'],
      [{ action: 'remove_from_group', device_ids: [device], group_id: 1 }, 'forbidden'],
    ] as const) {
      const response = await bulk(viewer, body);
      expect(response.status, body.action).toBe(403);
      expect(response.body.error, body.action).toBe(error);
    }
    await createUser(suite.provider.api, suite.admin, 'nobody', []);
    const nobody = await as(suite.provider.api, 'nobody', 'root');
    expect((await bulk(nobody, { action: 'enable', device_ids: [device] })).status).toBe(403);
    expect(await snapshot()).toBe(before);
    expect(await deviceAudits()).toEqual([]);
  });

  it('bad bodies are error 1 in the spec format and write nothing', async () => {
    const device = await createDevice(suite.provider.api, suite.admin, clientDevice('steady'));
    const snapshot = async () => JSON.stringify(await db().selectFrom('devices').selectAll().execute());
    const before = await snapshot();
    const tooMany = Array.from({ length: DEVICE_BULK_MAX_DEVICES + 1 }, (_, index) => index + 1);
    const bad: unknown[] = [
      {},
      { action: 'explode', device_ids: [device] },
      { action: 'disable' },
      { action: 'disable', device_ids: [] },
      { action: 'disable', device_ids: tooMany },
      { action: 'disable', device_ids: [device, 'x'] },
      { action: 'disable', device_ids: [device, -1] },
      { action: 'disable', device_ids: [device, 1.5] },
      { action: 'disable', device_ids: [device], extra: true },
      { action: 'set_upgrade_policy', device_ids: [device] },
      { action: 'set_upgrade_policy', device_ids: [device], upgrade_policy: { ...POLICY, allowed_days: [] } },
      { action: 'set_upgrade_policy', device_ids: [device], upgrade_policy: { ...POLICY, allowed_hours: [24] } },
      { action: 'set_upgrade_policy', device_ids: [device], upgrade_policy: { ...POLICY, surprise: 1 } },
      { action: 'add_to_group', device_ids: [device] },
      { action: 'delete', device_ids: [device], group_id: 3 },
      [device],
      'disable',
    ];
    for (const body of bad) {
      const response = await suite.provider.api
        .post(`/api/v1/config/${suite.admin.environmentId}/devices/bulk`)
        .set('Authorization', suite.admin.authorization)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(body));
      const label = JSON.stringify(body).slice(0, 120);
      expect(response.status, label).toBe(400);
      expect(response.body.error, label).toBe(ErrorCode.MISSING_VALUES);
      expect(typeof response.body.message, label).toBe('string');
    }
    expect(await snapshot()).toBe(before);
    expect(await deviceAudits()).toEqual([]);
  });

  it(`takes ${DEVICE_BULK_MAX_DEVICES} ids in a call within the JSON body limit, and refuses a larger body`, async () => {
    const device = await createDevice(suite.provider.api, suite.admin, clientDevice('among-many'));
    // Six-digit ids, the one device among them: the largest list a call may send.
    const ids = Array.from({ length: DEVICE_BULK_MAX_DEVICES - 1 }, (_, index) => 100_000 + index);
    const text = JSON.stringify({ action: 'disable', device_ids: [device, ...ids] });
    expect(Buffer.byteLength(text)).toBeLessThan(JSON_BODY_MAX_BYTES);
    const send = (body: string) =>
      suite.provider.api
        .post(`/api/v1/config/${suite.admin.environmentId}/devices/bulk`)
        .set('Authorization', suite.admin.authorization)
        .set('Content-Type', 'application/json')
        .send(body);
    const many = await send(text);
    expect(many.status).toBe(200);
    const result = DeviceBulkResultSchema.parse(many.body);
    expect(result.requested).toBe(DEVICE_BULK_MAX_DEVICES);
    expect(result.done).toEqual([device]);
    expect(result.refused).toHaveLength(DEVICE_BULK_MAX_DEVICES - 1);
    const garbage = await send(`{"action":"enable","device_ids":[${'1,'.repeat(JSON_BODY_MAX_BYTES / 2)}1]}`);
    expect(garbage.status).toBe(400);
    expect(garbage.body.error).toBe(ErrorCode.MISSING_VALUES);
    expect(
      (await db().selectFrom('devices').select('is_enabled').where('id', '=', device).executeTakeFirst())?.is_enabled,
    ).toBe(0);
  });
});
