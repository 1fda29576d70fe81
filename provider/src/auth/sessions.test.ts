import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionEndReason } from '@halo/shared';
import { DIALECTS, loginAs, startTestProvider, type TestProvider } from '../testing/testProvider.js';

const IDLE_MS = 60_000;

describe.each(DIALECTS)('sessions on %s', (dialect) => {
  let provider: TestProvider;
  beforeEach(async () => {
    provider = await startTestProvider(dialect, { HALO_SESSION_IDLE_MS: String(IDLE_MS) });
  });
  afterEach(async () => {
    await provider.stop();
  });

  const session = (authorization?: string) => {
    const request = provider.api.get('/api/v1/auth/session');
    return authorization ? request.set('Authorization', authorization) : request;
  };
  const versions = (authorization: string) => provider.api.get('/api/v1/versions').set('Authorization', authorization);

  it('answers 401 in the error format for a missing or garbage token', async () => {
    for (const response of [await session(), await session('Bearer garbage'), await session('Basic abc')]) {
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('unauthorized');
      expect(typeof response.body.message).toBe('string');
    }
  });

  it('stores only a hash of the token', async () => {
    const { body } = await loginAs(provider.api);
    const token = (body.token as { access_token: string }).access_token;
    const rows = await provider.provider.context.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
    const users = await provider.provider.context.db.selectFrom('users').select('password_hash').execute();
    expect(users[0]?.password_hash).toMatch(/^scrypt\$/);
  });

  it('logout ends the session with the reason loggedOut', async () => {
    const { authorization } = await loginAs(provider.api);
    await provider.api.post('/api/v1/auth/logout').set('Authorization', authorization).expect(200);
    const after = await versions(authorization);
    expect(after.status).toBe(401);
    expect(after.body.fields.reason).toBe(SessionEndReason.LOGGED_OUT);
  });

  it('a new login of the same user ends the older session as replaced', async () => {
    const first = await loginAs(provider.api);
    const second = await loginAs(provider.api);
    const old = await session(first.authorization);
    expect(old.status).toBe(401);
    expect(old.body.fields.reason).toBe(SessionEndReason.REPLACED);
    expect((await session(second.authorization)).status).toBe(200);
  });

  it('expires after the idle time counted on user requests, not on session checks', async () => {
    const { authorization } = await loginAs(provider.api);
    provider.clock.now += IDLE_MS - 1000;
    await versions(authorization).expect(200); // the user's own request: activity
    provider.clock.now += IDLE_MS - 1000;
    await session(authorization).expect(200); // the gateway's check: not activity
    provider.clock.now += 2000;
    const expired = await session(authorization);
    expect(expired.status).toBe(401);
    expect(expired.body.fields.reason).toBe(SessionEndReason.EXPIRED);
    expect((await versions(authorization)).status).toBe(401);
  });

  it("the gateway's background polls (X-Halo-Background: 1) do not count as activity", async () => {
    const { authorization } = await loginAs(provider.api);
    provider.clock.now += IDLE_MS - 1000;
    await provider.api
      .get('/api/v1/versions')
      .set('Authorization', authorization)
      .set('X-Halo-Background', '1')
      .expect(200);
    provider.clock.now += 2000;
    expect((await session(authorization)).body.fields.reason).toBe(SessionEndReason.EXPIRED);
  });

  it('disabling a user ends their session at once', async () => {
    const { authorization } = await loginAs(provider.api);
    await provider.provider.context.db
      .updateTable('users')
      .set({ is_disabled: 1 })
      .where('username', '=', 'admin')
      .execute();
    const response = await versions(authorization);
    expect(response.status).toBe(401);
    expect(response.body.fields.reason).toBe(SessionEndReason.DISABLED);
  });

  it('writes audit entries for login, failed login and logout', async () => {
    await provider.api
      .post('/api/v1/auth/login')
      .send({ username: 'admin', password: 'Wrong-Passw0rd!', environment_name: 'root' });
    const { authorization } = await loginAs(provider.api);
    await provider.api.post('/api/v1/auth/logout').set('Authorization', authorization).expect(200);
    const events = (
      await provider.provider.context.db
        .selectFrom('user_audits')
        .select(['name', 'detail_code'])
        .where('action', '=', 'event')
        .orderBy('id')
        .execute()
    ).map((row) => `${row.name} ${row.detail_code}`);
    expect(events.slice(-3)).toEqual(['admin loginFailed', 'admin loginSucceeded', 'admin logout']);
  });
});
