import { useAdminSuite } from '../../testing/adminSuite.js';
import { describe, expect, it } from 'vitest';
import { ErrorCode, SessionEndReason } from '@halo/shared';
import { configCall } from '../../testing/configCall.js';
import { clientDevice, createDevice } from '../../testing/devices.js';
import { as, createEnvironment, createUser, STRONG_PASSWORD } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

describe.each(DIALECTS)('users on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const { send } = suite;

  it('confirms nothing about another tenant’s people: e-mail addresses are unique per environment', async () => {
    await createUser(suite.provider.api, suite.admin, 'root-operator', [50]);
    const sibling = await createEnvironment(suite.provider.api, suite.admin, 'sibling');
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
    const granted = await createDevice(suite.provider.api, suite.admin, clientDevice('granted-cam'));
    const other = await createDevice(suite.provider.api, suite.admin, clientDevice('other-cam'));
    const sibling = await createEnvironment(suite.provider.api, suite.admin, 'grant-sibling');
    const foreign = await createDevice(suite.provider.api, sibling, clientDevice('foreign-cam'));
    const user = (allowed: number[]) => ({
      user: {
        username: 'field-tech',
        password: STRONG_PASSWORD,
        email: 'tech@example.test',
        permissions: [50, 52],
        allowed_devices: allowed,
      },
    });

    const refused = await send(suite.admin, 'post', '/users', user([granted, foreign]));
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ allowed_devices: 'validation.invalid' });
    expect(
      (await send(suite.admin, 'get', '/users')).body.users.map((row: { username: string }) => row.username),
    ).not.toContain('field-tech');

    const created = await send(suite.admin, 'post', '/users', user([granted, granted]));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.user.allowed_devices).toEqual([granted]);
    const tech = await as(suite.provider.api, 'field-tech', 'root');
    const rename = (id: number, name: string) =>
      configCall(suite.provider.api, tech, 'put', `/devices/${id}`, { device: clientDevice(name, `SN-${name}`) });
    expect((await rename(granted, 'granted-cam-2')).status).toBe(200);
    expect((await rename(other, 'other-cam-2')).status).toBe(403);

    const moved = await send(suite.admin, 'put', `/users/${created.body.id}`, {
      user: { ...user([other]).user, password: null },
    });
    expect(moved.body.user.allowed_devices).toEqual([other]);
    const listed = (await send(suite.admin, 'get', '/users')).body.users.find(
      (row: { id: number }) => row.id === created.body.id,
    );
    expect(listed.allowed_devices).toEqual([other]);
    expect((await rename(other, 'other-cam-3')).status).toBe(200);
    expect((await rename(granted, 'granted-cam-3')).status).toBe(403);

    // A lesser user hands out only devices they may act on themselves.
    await createUser(suite.provider.api, suite.admin, 'lead', [30, 31, 32, 50, 51, 52]);
    await send(suite.admin, 'put', `/users/${created.body.id}`, {
      user: { ...user([other]).user, password: null },
    });
    const lead = await as(suite.provider.api, 'lead', 'root');
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
    const leadsOwn = await createDevice(suite.provider.api, lead, clientDevice('leads-cam'));
    expect((await leadGrant([leadsOwn])).status).toBe(201);
    // Editing a user keeps grants the editor could not make.
    const kept = await send(lead, 'put', `/users/${created.body.id}`, {
      user: { ...user([other]).user, permissions: [50], password: null },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  });

  it('manages users: errors 30, 31, 32, manager protection, unknown permission numbers refused', async () => {
    const id = await createUser(suite.provider.api, suite.admin, 'operator', [20, 30]);
    const base = { username: 'operator', password: STRONG_PASSWORD, email: 'second@example.test' };
    expect((await send(suite.admin, 'post', '/users', { user: base })).body.error).toBe(ErrorCode.USERNAME_EXISTS);
    expect(
      (
        await send(suite.admin, 'post', '/users', {
          user: { ...base, username: 'op2', email: 'OPERATOR@example.test' },
        })
      ).body.error,
    ).toBe(ErrorCode.EMAIL_EXISTS);
    expect(
      (await send(suite.admin, 'post', '/users', { user: { ...base, username: 'op2', password: 'Short1!' } })).body
        .error,
    ).toBe(ErrorCode.PASSWORD_NOT_VALID);
    expect(
      (await send(suite.admin, 'post', '/users', { user: { ...base, username: 'op2', permissions: [999] } })).body
        .error,
    ).toBe(ErrorCode.MISSING_VALUES);

    const listed = await send(suite.admin, 'get', '/users');
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
    const edit = await send(suite.admin, 'put', `/users/${managerId}`, {
      user: { username: 'admin', email: 'x@example.test', permissions: [] },
    });
    expect(edit.status).toBe(403);
    expect((await send(suite.admin, 'delete', `/users/${managerId}`)).status).toBe(403);

    // Password null: unchanged.
    await suite
      .send(suite.admin, 'put', `/users/${id}`, {
        user: {
          username: 'operator',
          email: 'operator@example.test',
          password: null,
          permissions: [20, 30],
          severity: 1,
        },
      })
      .expect(200);
    await as(suite.provider.api, 'operator', 'root');
  });

  it('a non-manager cannot grant permissions they do not hold', async () => {
    await createUser(suite.provider.api, suite.admin, 'hr', [30, 31]);
    const hr = await as(suite.provider.api, 'hr', 'root');
    const escalate = await send(hr, 'post', '/users', {
      user: { username: 'crony', password: STRONG_PASSWORD, email: 'crony@example.test', permissions: [20, 21] },
    });
    expect(escalate.status).toBe(403);
    await suite
      .send(hr, 'post', '/users', {
        user: { username: 'crony', password: STRONG_PASSWORD, email: 'crony@example.test', permissions: [30] },
      })
      .expect(201);
  });

  it('disabling a user ends their session at once; changing permissions ends it too', async () => {
    const id = await createUser(suite.provider.api, suite.admin, 'viewer', [20]);
    const viewer = await as(suite.provider.api, 'viewer', 'root');
    const body = { username: 'viewer', email: 'viewer@example.test', permissions: [20], is_disabled: true };
    await send(suite.admin, 'put', `/users/${id}`, { user: body }).expect(200);
    const after = await suite.provider.api.get('/api/v1/auth/session').set('Authorization', viewer.authorization);
    expect(after.body.fields.reason).toBe(SessionEndReason.DISABLED);
    await send(suite.admin, 'put', `/users/${id}`, { user: { ...body, is_disabled: false } }).expect(200);
    const again = await as(suite.provider.api, 'viewer', 'root');
    await suite
      .send(suite.admin, 'put', `/users/${id}`, { user: { ...body, is_disabled: false, permissions: [20, 30] } })
      .expect(200);
    const changed = await suite.provider.api.get('/api/v1/auth/session').set('Authorization', again.authorization);
    expect(changed.body.fields.reason).toBe(SessionEndReason.PERMISSIONS_CHANGED);
  });

  it('records an audit entry for each change', async () => {
    const id = await createUser(suite.provider.api, suite.admin, 'audited', []);
    await send(suite.admin, 'put', `/users/${id}`, {
      user: { username: 'audited', email: 'audited@example.test', permissions: [], is_disabled: true },
    });
    await send(suite.admin, 'delete', `/users/${id}`);
    await send(suite.admin, 'post', '/groups', { group: { name: 'g1' } });
    const rows = await suite.provider.provider.context.db
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
