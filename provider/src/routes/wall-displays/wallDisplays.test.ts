import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  API,
  apiPaths,
  COLLECTION_CAPS,
  ErrorCode,
  LoginResponseSchema,
  openApiDocument,
  routeKeyOf,
  SessionEndReason,
  WALL_DISPLAY_SEEN_EVERY_MS,
} from '@halo/shared';
import { BACKGROUND_HEADER } from '../../auth/sessions.js';
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
    expect(session.permissions).toEqual([50, 70]);

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

  it('moves a display’s "last seen" while the gateway checks it for its open socket, at most twice a minute', async () => {
    const created = await issue(admin);
    const token = String(created.body.token);
    const lastSeen = async () => {
      const listed = await provider.api
        .get(`/api/v1${apiPaths.wallDisplays.list(admin.environmentId)}`)
        .set('Authorization', (await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD)).authorization);
      return String(listed.body.wall_displays[0]?.last_seen_at);
    };
    const issuedAt = await lastSeen();
    // The gateway's session check for the display's socket (a background call, which moves no person's idle time).
    const gatewayCheck = () =>
      provider.api.get('/api/v1/auth/session').set('Authorization', `Bearer ${token}`).set(BACKGROUND_HEADER, '1');
    provider.clock.now += WALL_DISPLAY_SEEN_EVERY_MS - 1000;
    expect((await gatewayCheck()).status).toBe(200);
    expect(await lastSeen()).toBe(issuedAt);
    provider.clock.now += 2 * 3600 * 1000;
    expect((await gatewayCheck()).status).toBe(200);
    expect(await lastSeen()).toBe(new Date(provider.clock.now).toISOString());
  });

  it('refuses a display past the cap with error 180 and writes nothing; a revoked one makes room', async () => {
    const issued = [];
    for (let index = 0; index < COLLECTION_CAPS.wallDisplays; index += 1) {
      const created = await issue(admin, `wall ${index}`);
      expect(created.status).toBe(201);
      issued.push(created);
    }
    const refused = await issue(admin, 'one too many');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: ErrorCode.COLLECTION_LIMIT_REACHED,
      fields: { limit: COLLECTION_CAPS.wallDisplays },
    });
    const listed = await provider.api
      .get(`/api/v1${apiPaths.wallDisplays.list(admin.environmentId)}`)
      .set('Authorization', admin.authorization);
    expect(listed.body.wall_displays).toHaveLength(COLLECTION_CAPS.wallDisplays);
    await provider.api
      .delete(`/api/v1${apiPaths.wallDisplays.item(admin.environmentId, issued[0]!.body.id)}`)
      .set('Authorization', admin.authorization)
      .expect(200);
    expect((await issue(admin, 'in the freed place')).status).toBe(201);
  }, 60_000); // a hundred issues, each a signed token and an audit row: seconds on PostgreSQL in CI

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

  // One call per operation of the document (over 150): seconds on PostgreSQL.
  it(
    'a display token answers exactly the wall’s calls of the OpenAPI document, and 403 to every other',
    { timeout: 30_000 },
    async () => {
      const token = String((await issue(admin)).body.token);
      const document = openApiDocument('test');
      const own = admin.environmentId;
      const operations = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item as Record<string, { security?: unknown[] }>).map(([method, operation]) => ({
          key: `${method.toUpperCase()} ${path}`,
          method: method as 'get' | 'post' | 'put' | 'delete',
          // Ids and tokens of any value: a refusal comes before anything is looked up.
          path: `/api/v1${path.replace('{environmentId}', String(own)).replace(/\{[A-Za-z]+\}/g, '1')}`,
          isPublic: operation.security?.length === 0,
        })),
      );
      expect(operations.length).toBeGreaterThan(60);
      // Logging out ends the display's session: that one goes last.
      const logout = routeKeyOf(API.auth.logout);
      operations.sort((a, b) => Number(a.key === logout) - Number(b.key === logout));

      const answered: Record<string, number> = {};
      for (const operation of operations) {
        const call = (authorization?: string) => {
          const request = provider.api[operation.method](operation.path);
          return authorization ? request.set('Authorization', authorization) : request;
        };
        if (operation.isPublic) {
          // A public call does not read a session: the display's token changes nothing there.
          const [without, withToken] = [(await call()).status, (await call(`Bearer ${token}`)).status];
          expect({ key: operation.key, status: withToken }).toEqual({ key: operation.key, status: without });
          continue;
        }
        answered[operation.key] = (await call(`Bearer ${token}`)).status;
      }
      const byStatus = (wanted: (status: number) => boolean) =>
        Object.keys(answered)
          .filter((key) => wanted(answered[key]!))
          .sort();
      // What /wall needs: its session check, leaving, and what the gateway's pollers read with its
      // token for the fleet summary and its alerts. Nothing of the audit log, its export or the rest.
      expect(byStatus((status) => status === 200)).toEqual([
        'GET /auth/session',
        'GET /config/{environmentId}/alarms/counts',
        'GET /config/{environmentId}/devices/device_status',
        'GET /config/{environmentId}/devices/devices_state',
        'GET /config/{environmentId}/system_logs',
        'POST /auth/logout',
      ]);
      expect(byStatus((status) => status !== 200 && status !== 403)).toEqual([]);
      expect(answered['GET /config/{environmentId}/user_audits']).toBe(403);
      expect(answered['GET /config/{environmentId}/user_audits/export']).toBe(403);
    },
  );

  it('a display reads its own environment only, not those below it nor another tenant’s', async () => {
    const child = await createEnvironment(provider.api, admin, 'wall-scope-child');
    const token = String((await issue(admin)).body.token);
    const read = (path: string, bearer = token) =>
      provider.api.get(`/api/v1${path}`).set('Authorization', `Bearer ${bearer}`);
    expect((await read(apiPaths.devices.devicesState(admin.environmentId))).status).toBe(200);
    expect((await read(apiPaths.logs.systemLogs(admin.environmentId))).status).toBe(200);
    expect((await read(apiPaths.devices.devicesState(child.environmentId))).status).toBe(403);
    expect((await read(apiPaths.logs.systemLogs(child.environmentId))).status).toBe(403);
    const childToken = String((await issue(child)).body.token);
    expect((await read(apiPaths.devices.devicesState(child.environmentId), childToken)).status).toBe(200);
    expect((await read(apiPaths.devices.devicesState(admin.environmentId), childToken)).status).toBe(403);
  });
});
