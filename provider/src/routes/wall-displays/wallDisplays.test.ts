import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, LoginResponseSchema, SessionEndReason } from '@halo/shared';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS, startTestProvider, TEST_ADMIN_PASSWORD, type TestProvider } from '../../testing/testProvider.js';

describe.each(DIALECTS)('wall displays on %s', (dialect) => {
  let provider: TestProvider;
  let admin: Actor;
  beforeEach(async () => {
    provider = await startTestProvider(dialect, { HALO_SESSION_IDLE_MS: '60000' });
    admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
  });
  afterEach(async () => {
    await provider.stop();
  });

  const issue = async (actor: Actor, label = 'NOC wall 1') =>
    provider.api
      .post(`/api/v1${apiPaths.wallDisplays.list(actor.environmentId)}`)
      .set('Authorization', actor.authorization)
      .send({ label });
  const sessionOf = (token: string) => provider.api.get('/api/v1/auth/session').set('Authorization', `Bearer ${token}`);

  it('issues a read-only display session that outlives the idle time-out and the manager’s next login', async () => {
    const created = await issue(admin);
    expect(created.status).toBe(201);
    expect(created.body.url).toMatch(/\/wall#display=[A-Za-z0-9_-]+$/);
    const token = String(created.body.token);

    const session = LoginResponseSchema.parse((await sessionOf(token)).body);
    expect(session.session_kind).toBe('display');
    expect(session.name).toBe('NOC wall 1');
    expect(session.environment_manager).toBe(false);
    expect(session.permissions).toEqual([50, 70, 120]);

    // Read only: it may not change anything, not even its own 2FA.
    expect((await provider.api.post('/api/v1/2fa').set('Authorization', `Bearer ${token}`)).status).toBe(403);
    const write = await provider.api
      .post(`/api/v1${apiPaths.groups.list(admin.environmentId)}`)
      .set('Authorization', `Bearer ${token}`)
      .send({ group: { name: 'sneaky' } });
    expect(write.status).toBe(403);

    provider.clock.now += 3 * 3600 * 1000;
    await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
    expect((await sessionOf(token)).status).toBe(200);
    const listed = await provider.api
      .get(`/api/v1${apiPaths.wallDisplays.list(admin.environmentId)}`)
      .set('Authorization', (await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD)).authorization);
    expect(listed.body.wall_displays).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(token);
  });

  it('a manager revokes a display; the next check says revoked', async () => {
    const created = await issue(admin);
    await provider.api
      .delete(`/api/v1${apiPaths.wallDisplays.item(admin.environmentId, created.body.id)}`)
      .set('Authorization', admin.authorization)
      .expect(200);
    const after = await sessionOf(String(created.body.token));
    expect(after.status).toBe(401);
    expect(after.body.fields.reason).toBe(SessionEndReason.REVOKED);
  });

  it('only managers issue displays, only in their own environment, and another tenant cannot revoke them', async () => {
    await createUser(provider.api, admin, 'operator', [20, 21, 22, 23, 30, 31, 32, 33, 50, 70]);
    const operator = await as(provider.api, 'operator', 'root');
    expect((await issue(operator)).status).toBe(403);
    const child = await createEnvironment(provider.api, admin, 'wall-child');
    const inChild = await provider.api
      .post(`/api/v1${apiPaths.wallDisplays.list(child.environmentId)}`)
      .set('Authorization', admin.authorization)
      .send({ label: 'x' });
    expect(inChild.status).toBe(403);
    const created = await issue(admin);
    const foreign = await provider.api
      .delete(`/api/v1${apiPaths.wallDisplays.item(child.environmentId, created.body.id)}`)
      .set('Authorization', child.authorization);
    expect(foreign.status).toBe(404);
    expect((await sessionOf(String(created.body.token))).status).toBe(200);
    expect((await issue(admin, '')).body.error).toBe(1);
  });

  it('a display token is checked with the display’s own permissions (50, 70, 120) on every call', async () => {
    const child = await createEnvironment(provider.api, admin, 'wall-scope-child');
    const token = String((await issue(admin)).body.token);
    const read = (path: string) => provider.api.get(`/api/v1${path}`).set('Authorization', `Bearer ${token}`);
    const own = admin.environmentId;
    for (const path of [
      apiPaths.devices.list(own),
      apiPaths.devices.devicesState(own),
      apiPaths.logs.systemLogs(own),
      apiPaths.admin.satcomMessages(own),
    ]) {
      expect({ path, status: (await read(path)).status }).toEqual({ path, status: 200 });
    }
    for (const path of [
      apiPaths.users.list(own),
      apiPaths.users.list(child.environmentId),
      apiPaths.environments.list(own),
      apiPaths.groups.list(own),
      apiPaths.vpn.profiles(own),
      apiPaths.applicationRules.list(own),
      apiPaths.wallDisplays.list(own),
      apiPaths.rfRecordings.list(own),
      apiPaths.admin.devicesConnectivity(own),
    ]) {
      expect({ path, status: (await read(path)).status }).toEqual({ path, status: 403 });
    }
  });
});
