import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, SessionEndReason } from '@halo/shared';
import { clientDevice, createDevice, deviceCall } from '../testing/devices.js';
import { as, createEnvironment, createUser, STRONG_PASSWORD, type Actor } from '../testing/people.js';
import { DIALECTS, startTestProvider, TEST_ADMIN_PASSWORD, type TestProvider } from '../testing/testProvider.js';

describe.each(DIALECTS)('environments, users and groups on %s', (dialect) => {
  let provider: TestProvider;
  let admin: Actor;
  beforeEach(async () => {
    provider = await startTestProvider(dialect);
    admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
  });
  afterEach(async () => {
    await provider.stop();
  });

  const send = (actor: Actor, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const request = provider.api[method](`/api/v1/config/${actor.environmentId}${path}`).set(
      'Authorization',
      actor.authorization,
    );
    return body ? request.send(body) : request;
  };

  it('creates, lists, filters, renames and deletes environments with error 20 for duplicates', async () => {
    const alpha = await createEnvironment(provider.api, admin, 'alpha');
    await createEnvironment(provider.api, alpha, 'alpha-child');
    const listed = await send(admin, 'get', '/environments');
    expect(listed.body.environments.map((row: { name: string }) => row.name)).toEqual(['alpha', 'alpha-child']);
    const filtered = await send(admin, 'get', '/environments?env_name=CHILD');
    expect(filtered.body.environments).toHaveLength(1);
    expect(filtered.body.environments[0].username).toBe('alpha-child-manager');
    expect((await send(admin, 'get', '/environments?page_size=zero')).body.error).toBe(ErrorCode.BAD_QUERY_PARAMETER);
    expect((await send(admin, 'get', '/environments?object_id=1&page_size=1')).body.environments).toHaveLength(1);

    const duplicate = await send(admin, 'post', '/environments', {
      environment_name: 'ALPHA',
      username: 'other',
      password: STRONG_PASSWORD,
      email: 'other@example.test',
    });
    expect(duplicate.body.error).toBe(ErrorCode.ENV_NAME_EXISTS);
    const renameClash = await send(admin, 'put', `/environments/${alpha.id}`, { environment_name: 'root' });
    expect(renameClash.body.error).toBe(ErrorCode.ENV_NAME_EXISTS);

    // Renaming the current environment: only the name.
    await send(alpha, 'put', `/environments/${alpha.environmentId}`, { environment_name: 'alpha-renamed' }).expect(200);
    const session = await provider.api.get('/api/v1/auth/session').set('Authorization', alpha.authorization);
    expect(session.body.environment_name).toBe('alpha-renamed');

    // A manager cannot delete their own environment; the parent deletes it with everything below.
    expect((await send(alpha, 'delete', `/environments/${alpha.id}`)).status).toBe(404);
    await send(admin, 'delete', `/environments/${alpha.id}`).expect(200);
    expect((await send(admin, 'get', '/environments')).body.environments).toEqual([]);
    const ended = await provider.api.get('/api/v1/auth/session').set('Authorization', alpha.authorization);
    expect(ended.status).toBe(401);
    expect(ended.body.fields.reason).toBe(SessionEndReason.DELETED);
  });

  it('confirms nothing about another tenant’s people: e-mail addresses are unique per environment', async () => {
    await createUser(provider.api, admin, 'root-operator', [50]);
    const sibling = await createEnvironment(provider.api, admin, 'sibling');
    // root-operator@example.test belongs to root; the sibling learns nothing from reusing it.
    const reused = await send(sibling, 'post', '/users', {
      user: { username: 'their-op', password: STRONG_PASSWORD, email: 'ROOT-OPERATOR@example.test', permissions: [50] },
    });
    expect(reused.status, JSON.stringify(reused.body)).toBe(201);
    const again = await send(sibling, 'post', '/users', {
      user: {
        username: 'their-op-2',
        password: STRONG_PASSWORD,
        email: 'root-operator@example.test',
        permissions: [50],
      },
    });
    expect(again.body.error).toBe(ErrorCode.EMAIL_EXISTS);
  });

  it('grants a user devices of their environment: plain update reaches exactly those', async () => {
    const granted = await createDevice(provider.api, admin, clientDevice('granted-cam'));
    const other = await createDevice(provider.api, admin, clientDevice('other-cam'));
    const sibling = await createEnvironment(provider.api, admin, 'grant-sibling');
    const foreign = await createDevice(provider.api, sibling, clientDevice('foreign-cam'));
    const user = (allowed: number[]) => ({
      user: {
        username: 'field-tech',
        password: STRONG_PASSWORD,
        email: 'tech@example.test',
        permissions: [50, 52],
        allowed_devices: allowed,
      },
    });

    const refused = await send(admin, 'post', '/users', user([granted, foreign]));
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ allowed_devices: 'validation.invalid' });
    expect(
      (await send(admin, 'get', '/users')).body.users.map((row: { username: string }) => row.username),
    ).not.toContain('field-tech');

    const created = await send(admin, 'post', '/users', user([granted, granted]));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.user.allowed_devices).toEqual([granted]);
    const tech = await as(provider.api, 'field-tech', 'root');
    const rename = (id: number, name: string) =>
      deviceCall(provider.api, tech, 'put', `/devices/${id}`, { device: clientDevice(name, `SN-${name}`) });
    expect((await rename(granted, 'granted-cam-2')).status).toBe(200);
    expect((await rename(other, 'other-cam-2')).status).toBe(403);

    const moved = await send(admin, 'put', `/users/${created.body.id}`, {
      user: { ...user([other]).user, password: null },
    });
    expect(moved.body.user.allowed_devices).toEqual([other]);
    const listed = (await send(admin, 'get', '/users')).body.users.find(
      (row: { id: number }) => row.id === created.body.id,
    );
    expect(listed.allowed_devices).toEqual([other]);
    expect((await rename(other, 'other-cam-3')).status).toBe(200);
    expect((await rename(granted, 'granted-cam-3')).status).toBe(403);

    // A lesser user hands out only devices they may act on themselves.
    await createUser(provider.api, admin, 'lead', [30, 31, 32, 50, 51, 52]);
    await send(admin, 'put', `/users/${created.body.id}`, { user: { ...user([other]).user, password: null } });
    const lead = await as(provider.api, 'lead', 'root');
    const leadGrant = (allowed: number[]) =>
      send(lead, 'post', '/users', {
        user: {
          username: `sub-${allowed.join('-') || 'none'}`,
          password: STRONG_PASSWORD,
          email: `sub${allowed.join('')}@example.test`,
          permissions: [50],
          allowed_devices: allowed,
        },
      });
    expect((await leadGrant([granted])).status).toBe(403);
    const leadsOwn = await createDevice(provider.api, lead, clientDevice('leads-cam'));
    expect((await leadGrant([leadsOwn])).status).toBe(201);
    // Editing a user keeps grants the editor could not make.
    const kept = await send(lead, 'put', `/users/${created.body.id}`, {
      user: { ...user([other]).user, permissions: [50], password: null },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  });

  it('refuses bad environment input with error 1 or 32 and writes nothing', async () => {
    const before = (await send(admin, 'get', '/environments')).body.environments.length;
    const bad = [
      { environment_name: 'has space', username: 'u1', password: STRONG_PASSWORD, email: 'a@b.test' },
      { environment_name: 'ok-name', username: 'ü', password: STRONG_PASSWORD, email: 'a@b.test' },
      { environment_name: 'ok-name', username: 'u1', password: STRONG_PASSWORD, email: 'not-an-email' },
      { environment_name: 'ok-name', username: 'u1', password: STRONG_PASSWORD, email: 'a@b.test', extra: true },
    ];
    for (const body of bad)
      expect((await send(admin, 'post', '/environments', body)).body.error).toBe(ErrorCode.MISSING_VALUES);
    const weak = await send(admin, 'post', '/environments', {
      environment_name: 'ok-name',
      username: 'u1',
      password: 'weakpassword',
      email: 'a@b.test',
    });
    expect(weak.body.error).toBe(ErrorCode.PASSWORD_NOT_VALID);
    expect((await send(admin, 'get', '/environments')).body.environments.length).toBe(before);
  });

  it('manages users: errors 30, 31, 32, manager protection, unknown permission numbers refused', async () => {
    const id = await createUser(provider.api, admin, 'operator', [20, 30]);
    const base = { username: 'operator', password: STRONG_PASSWORD, email: 'second@example.test' };
    expect((await send(admin, 'post', '/users', { user: base })).body.error).toBe(ErrorCode.USERNAME_EXISTS);
    expect(
      (await send(admin, 'post', '/users', { user: { ...base, username: 'op2', email: 'OPERATOR@example.test' } })).body
        .error,
    ).toBe(ErrorCode.EMAIL_EXISTS);
    expect(
      (await send(admin, 'post', '/users', { user: { ...base, username: 'op2', password: 'Short1!' } })).body.error,
    ).toBe(ErrorCode.PASSWORD_NOT_VALID);
    expect(
      (await send(admin, 'post', '/users', { user: { ...base, username: 'op2', permissions: [999] } })).body.error,
    ).toBe(ErrorCode.MISSING_VALUES);

    const listed = await send(admin, 'get', '/users');
    const operator = listed.body.users.find((user: { id: number }) => user.id === id);
    expect(operator).toMatchObject({
      username: 'operator',
      severity: 3,
      is_disabled: false,
      permissions: [20, 30],
      two_factor_auth_status: 1,
    });
    expect(JSON.stringify(listed.body)).not.toMatch(/password|secret/);

    const managerId = listed.body.users.find((user: { environment_manager: boolean }) => user.environment_manager).id;
    const edit = await send(admin, 'put', `/users/${managerId}`, {
      user: { username: 'admin', email: 'x@example.test', permissions: [] },
    });
    expect(edit.status).toBe(403);
    expect((await send(admin, 'delete', `/users/${managerId}`)).status).toBe(403);

    // Password null: unchanged.
    await send(admin, 'put', `/users/${id}`, {
      user: {
        username: 'operator',
        email: 'operator@example.test',
        password: null,
        permissions: [20, 30],
        severity: 1,
      },
    }).expect(200);
    await as(provider.api, 'operator', 'root');
  });

  it('a non-manager cannot grant permissions they do not hold', async () => {
    await createUser(provider.api, admin, 'hr', [30, 31]);
    const hr = await as(provider.api, 'hr', 'root');
    const escalate = await send(hr, 'post', '/users', {
      user: { username: 'crony', password: STRONG_PASSWORD, email: 'crony@example.test', permissions: [20, 21] },
    });
    expect(escalate.status).toBe(403);
    await send(hr, 'post', '/users', {
      user: { username: 'crony', password: STRONG_PASSWORD, email: 'crony@example.test', permissions: [30] },
    }).expect(201);
  });

  it('disabling a user ends their session at once; changing permissions ends it too', async () => {
    const id = await createUser(provider.api, admin, 'viewer', [20]);
    const viewer = await as(provider.api, 'viewer', 'root');
    const body = { username: 'viewer', email: 'viewer@example.test', permissions: [20], is_disabled: true };
    await send(admin, 'put', `/users/${id}`, { user: body }).expect(200);
    const after = await provider.api.get('/api/v1/auth/session').set('Authorization', viewer.authorization);
    expect(after.body.fields.reason).toBe(SessionEndReason.DISABLED);
    await send(admin, 'put', `/users/${id}`, { user: { ...body, is_disabled: false } }).expect(200);
    const again = await as(provider.api, 'viewer', 'root');
    await send(admin, 'put', `/users/${id}`, { user: { ...body, is_disabled: false, permissions: [20, 30] } }).expect(
      200,
    );
    const changed = await provider.api.get('/api/v1/auth/session').set('Authorization', again.authorization);
    expect(changed.body.fields.reason).toBe(SessionEndReason.PERMISSIONS_CHANGED);
  });

  it('manages groups with error 40 for a duplicate name', async () => {
    const created = await send(admin, 'post', '/groups', { group: { name: 'night-shift' } });
    expect(created.status).toBe(201);
    expect((await send(admin, 'post', '/groups', { group: { name: 'Night-Shift' } })).body.error).toBe(
      ErrorCode.GROUP_NAME_EXISTS,
    );
    await send(admin, 'post', '/groups', { group: { name: 'day-shift' } }).expect(201);
    expect((await send(admin, 'put', `/groups/${created.body.id}`, { group: { name: 'day-shift' } })).body.error).toBe(
      ErrorCode.GROUP_NAME_EXISTS,
    );
    expect((await send(admin, 'put', '/groups/abc', { group: { name: 'x' } })).body.error).toBe(ErrorCode.INVALID_ID);
    expect((await send(admin, 'delete', '/groups/99999')).status).toBe(404);
    await send(admin, 'delete', `/groups/${created.body.id}`).expect(200);
    expect((await send(admin, 'get', '/groups')).body.groups.map((group: { name: string }) => group.name)).toEqual([
      'day-shift',
    ]);
  });

  it("a parent manager resets a sub-environment manager's and a user's 2FA; an ordinary user cannot", async () => {
    const child = await createEnvironment(provider.api, admin, 'two-factor-child');
    await provider.provider.context.db
      .updateTable('users')
      .set({ two_factor_status: 3 })
      .where('username', '=', 'two-factor-child-manager')
      .execute();
    await send(admin, 'post', `/environments/${child.id}/2fa/deactivate`).expect(200);
    const listed = await send(admin, 'get', '/environments');
    expect(listed.body.environments[0].two_factor_auth_status).toBe(1);
    const userId = await createUser(provider.api, admin, 'plain', [20, 21, 22, 23, 30, 31, 32, 33]);
    const plain = await as(provider.api, 'plain', 'root');
    expect((await send(plain, 'post', `/users/${userId}/2fa/deactivate`)).status).toBe(403);
  });

  it('records an audit entry for each change', async () => {
    const id = await createUser(provider.api, admin, 'audited', []);
    await send(admin, 'put', `/users/${id}`, {
      user: { username: 'audited', email: 'audited@example.test', permissions: [], is_disabled: true },
    });
    await send(admin, 'delete', `/users/${id}`);
    await send(admin, 'post', '/groups', { group: { name: 'g1' } });
    const rows = await provider.provider.context.db
      .selectFrom('user_audits')
      .select(['resource', 'action', 'name'])
      .orderBy('id')
      .execute();
    expect(rows.slice(-4)).toEqual([
      { resource: 'user', action: 'create', name: 'audited' },
      { resource: 'user', action: 'disable', name: 'audited' },
      { resource: 'user', action: 'delete', name: 'audited' },
      { resource: 'group', action: 'create', name: 'g1' },
    ]);
  });
});
