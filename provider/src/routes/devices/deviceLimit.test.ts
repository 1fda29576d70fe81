import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, apiPaths, ErrorCode } from '@halo/shared';
import { clientDevice, createDevice } from '../../testing/devices.js';
import { as, createEnvironment, type Actor } from '../../testing/people.js';
import { DIALECTS, startTestProvider, TEST_ADMIN_PASSWORD, type TestProvider } from '../../testing/testProvider.js';

// Each test logs users in (password hashing) on a shared, busy machine: allow for it.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const HEADER = 'name,pairing_id,type,is_server,ip_addresses,port_from,port_to';
const LIMIT = 5;

/** A CSV of `rows` client devices named `<prefix>-<n>`. */
const csvOf = (prefix: string, rows: number) =>
  [
    HEADER,
    ...Array.from({ length: rows }, (_, index) => `${prefix}-${index},${prefix.toUpperCase()}-${index},1,false,,,`),
  ].join('\n');

describe.each(DIALECTS)('device limit of an environment on %s', (dialect) => {
  let provider: TestProvider;
  let admin: Actor;
  beforeEach(async () => {
    provider = await startTestProvider(dialect, { HALO_ENVIRONMENT_MAX_DEVICES: String(LIMIT) });
    admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
  });
  afterEach(async () => {
    await provider.stop();
  });

  const upload = (actor: Actor, csv: string) =>
    provider.api
      .post(`${API_BASE}${apiPaths.devices.import(actor.environmentId)}`)
      .set('Authorization', actor.authorization)
      .attach('file', Buffer.from(csv), { filename: 'devices.csv', contentType: 'text/csv' });
  const create = (actor: Actor, name: string) =>
    provider.api
      .post(`${API_BASE}${apiPaths.devices.list(actor.environmentId)}`)
      .set('Authorization', actor.authorization)
      .send({ device: clientDevice(name) });
  const db = () => provider.provider.context.db;
  const devicesOf = async (environmentId: number) =>
    (await db().selectFrom('devices').select('name').where('environment_id', '=', environmentId).execute()).length;
  const importAudits = async () =>
    (await db().selectFrom('user_audits').select('id').where('detail_code', '=', 'imported').execute()).length;

  it('refuses an import larger than what is left whole, with error 54 naming the limit and what is left', async () => {
    await createDevice(provider.api, admin, clientDevice('cam-a'));
    await createDevice(provider.api, admin, clientDevice('cam-b'));
    const response = await upload(admin, csvOf('big', 4));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: ErrorCode.DEVICE_LIMIT_REACHED,
      message: 'This environment may hold 5 devices; 3 more can be added',
      fields: { limit: LIMIT, left: 3 },
    });
    expect(await devicesOf(admin.environmentId)).toBe(2);
    expect(await importAudits()).toBe(0);
    expect(await db().selectFrom('device_import_rows').select('seq').execute()).toEqual([]);
  });

  it('accepts an import that reaches the limit exactly, then refuses one more device on create', async () => {
    await createDevice(provider.api, admin, clientDevice('cam-a'));
    const response = await upload(admin, csvOf('fit', 4));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ imported: 4, failed: 0 });
    expect(await devicesOf(admin.environmentId)).toBe(LIMIT);
    const refused = await create(admin, 'one-more');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: ErrorCode.DEVICE_LIMIT_REACHED, fields: { limit: LIMIT, left: 0 } });
    expect(await devicesOf(admin.environmentId)).toBe(LIMIT);
  });

  it("counts a file's records before checking any: more records than are left is refused, bad ones included", async () => {
    await createDevice(provider.api, admin, clientDevice('cam-a'));
    // Four good rows would fit, but the file holds five records: no row is checked, none written.
    const over = await upload(admin, `${csvOf('fit', 4)}\nbad name,SN-BAD,1,false,,,`);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: ErrorCode.DEVICE_LIMIT_REACHED, fields: { limit: LIMIT, left: 4 } });
    expect(await devicesOf(admin.environmentId)).toBe(1);
    // Within what is left, refused rows take no room: the good ones are written.
    const within = await upload(admin, `${csvOf('fit', 3)}\nbad name,SN-BAD,1,false,,,`);
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    expect(within.body).toMatchObject({ imported: 3, failed: 1 });
    expect(await devicesOf(admin.environmentId)).toBe(4);
  });

  it("counts a tenant's whole tree: a full tenant's new child can neither create nor import, nor can a grandchild", async () => {
    const tenant = await createEnvironment(provider.api, admin, 'limit-tenant');
    expect((await upload(tenant, csvOf('tenant', LIMIT))).status).toBe(200);
    const child = await createEnvironment(provider.api, tenant, 'limit-child');
    const grandchild = await createEnvironment(provider.api, child, 'limit-grandchild');
    const shared = {
      error: ErrorCode.DEVICE_LIMIT_REACHED,
      fields: { limit: LIMIT, left: 0, shared_with: 2 },
      message:
        'This environment shares a limit of 5 devices with 2 other environments of its tree; 0 more can be added',
    };
    for (const actor of [child, grandchild]) {
      const created = await create(actor, `more-${actor.environmentId}`);
      expect(created.status).toBe(400);
      expect(created.body).toMatchObject(shared);
      const imported = await upload(actor, csvOf(`more-${actor.environmentId}`, 1));
      expect(imported.status).toBe(400);
      expect(imported.body).toMatchObject(shared);
      expect(await devicesOf(actor.environmentId)).toBe(0);
    }
    expect(await devicesOf(tenant.environmentId)).toBe(LIMIT);
    expect(await importAudits()).toBe(LIMIT);
    expect(await db().selectFrom('device_import_rows').select('seq').execute()).toEqual([]);
  });

  it('lets the environments of one tree together reach the limit, never pass it', async () => {
    const tenant = await createEnvironment(provider.api, admin, 'tree-tenant');
    const left = await createEnvironment(provider.api, tenant, 'tree-left');
    const right = await createEnvironment(provider.api, tenant, 'tree-right');
    expect((await upload(left, csvOf('left', 3))).status).toBe(200);
    const refused = await upload(right, csvOf('right', 3));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: ErrorCode.DEVICE_LIMIT_REACHED, fields: { left: 2, shared_with: 2 } });
    expect((await upload(right, csvOf('right', 2))).status).toBe(200);
    expect((await create(tenant, 'tenant-over')).status).toBe(400);
    expect([
      await devicesOf(tenant.environmentId),
      await devicesOf(left.environmentId),
      await devicesOf(right.environmentId),
    ]).toEqual([0, 3, 2]);
  });

  it("keeps tenants apart: the root's full environment stops neither a tenant nor its children", async () => {
    expect((await upload(admin, csvOf('root', LIMIT))).status).toBe(200);
    const tenant = await createEnvironment(provider.api, admin, 'limit-tenant');
    const child = await createEnvironment(provider.api, tenant, 'limit-child');
    expect((await create(tenant, 'tenant-cam')).status).toBe(201);
    expect((await create(child, 'child-cam')).status).toBe(201);
    const full = await create(admin, 'root-more');
    expect(full.status).toBe(400);
    // The root counts its own devices, not its tenants': no other environment shares its limit.
    expect(full.body).toMatchObject({ fields: { limit: LIMIT, left: 0 } });
    expect(full.body.fields).not.toHaveProperty('shared_with');
  });

  it('lets two concurrent imports and creates together reach the limit, never pass it', async () => {
    const answers = await Promise.all([
      upload(admin, csvOf('first', 3)),
      upload(admin, csvOf('second', 3)),
      create(admin, 'solo-1'),
      create(admin, 'solo-2'),
    ]);
    const statuses = answers.map((answer) => answer.status);
    for (const answer of answers.filter((each) => each.status === 400))
      expect(answer.body.error).toBe(ErrorCode.DEVICE_LIMIT_REACHED);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(0);
    const held = await devicesOf(admin.environmentId);
    expect(held).toBeLessThanOrEqual(LIMIT);
    // What was answered as created is there, and nothing else.
    const created = answers.reduce(
      (sum, answer) => sum + (answer.status === 201 ? 1 : answer.status === 200 ? Number(answer.body.imported) : 0),
      0,
    );
    expect(held).toBe(created);
  });
});
