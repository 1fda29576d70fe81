import { useAdminSuite } from '../../testing/adminSuite.js';
import { describe, expect, it } from 'vitest';
import { ErrorCode, SessionEndReason } from '@halo/shared';
import { as, createEnvironment, createUser, STRONG_PASSWORD } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

describe.each(DIALECTS)('environments on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const { send } = suite;

  it('creates, lists, filters, renames and deletes environments with error 20 for duplicates', async () => {
    const alpha = await createEnvironment(suite.provider.api, suite.admin, 'alpha');
    await createEnvironment(suite.provider.api, alpha, 'alpha-child');
    const listed = await send(suite.admin, 'get', '/environments');
    expect(listed.body.environments.map((row: { name: string }) => row.name)).toEqual(['alpha', 'alpha-child']);
    const filtered = await send(suite.admin, 'get', '/environments?env_name=CHILD');
    expect(filtered.body.environments).toHaveLength(1);
    expect(filtered.body.environments[0].username).toBe('alpha-child-manager');
    expect((await send(suite.admin, 'get', '/environments?page_size=zero')).body.error).toBe(
      ErrorCode.BAD_QUERY_PARAMETER,
    );
    expect((await send(suite.admin, 'get', '/environments?object_id=1&page_size=1')).body.environments).toHaveLength(1);

    const duplicate = await send(suite.admin, 'post', '/environments', {
      environment_name: 'ALPHA',
      username: 'other',
      password: STRONG_PASSWORD,
      email: 'other@example.test',
    });
    expect(duplicate.body.error).toBe(ErrorCode.ENV_NAME_EXISTS);
    const renameClash = await send(suite.admin, 'put', `/environments/${alpha.id}`, { environment_name: 'root' });
    expect(renameClash.body.error).toBe(ErrorCode.ENV_NAME_EXISTS);

    // Renaming the current environment: only the name.
    await suite
      .send(alpha, 'put', `/environments/${alpha.environmentId}`, { environment_name: 'alpha-renamed' })
      .expect(200);
    const session = await suite.provider.api.get('/api/v1/auth/session').set('Authorization', alpha.authorization);
    expect(session.body.environment_name).toBe('alpha-renamed');

    // A manager cannot delete their own environment; the parent deletes it with everything below.
    expect((await send(alpha, 'delete', `/environments/${alpha.id}`)).status).toBe(404);
    await send(suite.admin, 'delete', `/environments/${alpha.id}`).expect(200);
    expect((await send(suite.admin, 'get', '/environments')).body.environments).toEqual([]);
    const ended = await suite.provider.api.get('/api/v1/auth/session').set('Authorization', alpha.authorization);
    expect(ended.status).toBe(401);
    expect(ended.body.fields.reason).toBe(SessionEndReason.DELETED);
  });

  it('refuses bad environment input with error 1 or 32 and writes nothing', async () => {
    const before = (await send(suite.admin, 'get', '/environments')).body.environments.length;
    const bad = [
      { environment_name: 'has space', username: 'u1', password: STRONG_PASSWORD, email: 'a@b.test' },
      { environment_name: 'ok-name', username: 'ü', password: STRONG_PASSWORD, email: 'a@b.test' },
      { environment_name: 'ok-name', username: 'u1', password: STRONG_PASSWORD, email: 'not-an-email' },
      { environment_name: 'ok-name', username: 'u1', password: STRONG_PASSWORD, email: 'a@b.test', extra: true },
    ];
    for (const body of bad)
      expect((await send(suite.admin, 'post', '/environments', body)).body.error).toBe(ErrorCode.MISSING_VALUES);
    const weak = await send(suite.admin, 'post', '/environments', {
      environment_name: 'ok-name',
      username: 'u1',
      password: 'weakpassword',
      email: 'a@b.test',
    });
    expect(weak.body.error).toBe(ErrorCode.PASSWORD_NOT_VALID);
    expect((await send(suite.admin, 'get', '/environments')).body.environments.length).toBe(before);
  });

  it("a parent manager resets a sub-environment manager's and a user's 2FA; an ordinary user cannot", async () => {
    const child = await createEnvironment(suite.provider.api, suite.admin, 'two-factor-child');
    await suite.provider.provider.context.db
      .updateTable('users')
      .set({ two_factor_status: 3 })
      .where('username', '=', 'two-factor-child-manager')
      .execute();
    await send(suite.admin, 'post', `/environments/${child.id}/2fa/deactivate`).expect(200);
    const listed = await send(suite.admin, 'get', '/environments');
    expect(listed.body.environments[0].two_factor_auth_status).toBe(1);
    const userId = await createUser(suite.provider.api, suite.admin, 'plain', [20, 21, 22, 23, 30, 31, 32, 33]);
    const plain = await as(suite.provider.api, 'plain', 'root');
    expect((await send(plain, 'post', `/users/${userId}/2fa/deactivate`)).status).toBe(403);
  });
});
