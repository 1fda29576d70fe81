import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, LOGIN_LOCK_MS, LoginResponseSchema } from '@halo/shared';
import {
  DIALECTS,
  loginAs,
  startTestProvider,
  TEST_ADMIN_PASSWORD,
  type TestProvider,
} from '../../testing/testProvider.js';

describe.each(DIALECTS)('POST /auth/login on %s', (dialect) => {
  let provider: TestProvider;
  beforeEach(async () => {
    provider = await startTestProvider(dialect);
  });
  afterEach(async () => {
    await provider.stop();
  });

  const attempt = (username: string, password: string, source = '198.51.100.7') =>
    provider.api
      .post('/api/v1/auth/login')
      .set('X-Forwarded-For', source)
      .send({ username, password, environment_name: 'root' });

  it('answers the full login response for the root manager', async () => {
    const { body } = await loginAs(provider.api);
    const session = LoginResponseSchema.parse(body);
    expect(session.environment_name).toBe('root');
    expect(session.environment_manager).toBe(true);
    expect(session.two_factor_auth.setup_status).toBe(1);
    expect(session.verified).toBe(true);
    expect(session.token.access_token.length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    ['an unknown user', 'ghost'],
    ['the real manager', 'admin'],
  ])('counts down identically for %s: 1, 1, 10 (2 left), 10 (1 left), then 33 locked', async (_label, username) => {
    const bodies: { error: number; message: string; fields?: { remaining_attempts?: number } }[] = [];
    for (let index = 1; index <= 6; index += 1) {
      const response = await attempt(username, `Wrong-Passw0rd${index}!`);
      expect(response.status).toBe(400);
      bodies.push(response.body as (typeof bodies)[number]);
    }
    expect(bodies.map((body) => body.error)).toEqual([1, 1, 10, 10, 33, 33]);
    expect(bodies[0]?.message).toBe('Incorrect username or password');
    expect(bodies[2]?.fields?.remaining_attempts).toBe(2);
    expect(bodies[3]?.fields?.remaining_attempts).toBe(1);
    expect(bodies[4]?.message).toMatch(/locked/i);
  });

  it('keeps a locked account locked even with the right password, until the lock expires', async () => {
    for (let index = 0; index < 5; index += 1) await attempt('admin', 'Wrong-Passw0rd!');
    const locked = await attempt('admin', TEST_ADMIN_PASSWORD);
    expect(locked.body.error).toBe(ErrorCode.LOGIN_REFUSED);
    provider.clock.now += LOGIN_LOCK_MS + 1;
    expect((await attempt('admin', TEST_ADMIN_PASSWORD)).status).toBe(200);
  });

  it('a successful login resets the countdown', async () => {
    await attempt('admin', 'Wrong-Passw0rd1!');
    await attempt('admin', 'Wrong-Passw0rd2!');
    expect((await attempt('admin', TEST_ADMIN_PASSWORD)).status).toBe(200);
    expect((await attempt('admin', 'Wrong-Passw0rd3!')).body.error).toBe(ErrorCode.MISSING_VALUES);
  });

  it('a stranger’s wrong passwords lock only their own address out, not the account’s owner', async () => {
    for (let index = 0; index < 6; index += 1) await attempt('admin', 'Wrong-Passw0rd!', '203.0.113.66');
    expect((await attempt('admin', TEST_ADMIN_PASSWORD, '203.0.113.66')).body.error).toBe(ErrorCode.LOGIN_REFUSED);
    const owner = await attempt('admin', TEST_ADMIN_PASSWORD, '198.51.100.7');
    expect(owner.status).toBe(200);
    // The owner's own countdown is theirs alone.
    expect((await attempt('admin', 'Wrong-Passw0rd!', '198.51.100.7')).body.error).toBe(ErrorCode.MISSING_VALUES);
  });

  it('answers a disabled user’s right password exactly like a wrong one', async () => {
    await provider.provider.context.db
      .updateTable('users')
      .set({ is_disabled: 1 })
      .where('username', '=', 'admin')
      .execute();
    const right = await attempt('admin', TEST_ADMIN_PASSWORD);
    const wrong = await attempt('admin', 'Wrong-Passw0rd!', '198.51.100.8');
    expect(right.status).toBe(400);
    expect(right.body).toEqual(wrong.body);
    expect(right.body).toEqual({ error: ErrorCode.MISSING_VALUES, message: 'Incorrect username or password' });
  });

  it('refuses JSON sent under another Content-Type (a simple cross-site request) without reading it', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'text/plain; charset=utf-8']) {
      const response = await provider.api
        .post('/api/v1/auth/login')
        .set('Content-Type', type)
        .send(JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD, environment_name: 'root' }));
      expect(response.status).toBe(415);
      expect(response.body).toEqual({
        error: ErrorCode.MISSING_VALUES,
        message: 'Content-Type must be application/json',
      });
    }
    const sessions = await provider.provider.context.db.selectFrom('sessions').select('id').execute();
    expect(sessions).toEqual([]);
  });

  it('answers garbage with 400 in the error format and counts nothing', async () => {
    const garbage: (string | object)[] = [
      '{"username": "admin", "password": ',
      '[1,2,3]',
      JSON.stringify({ username: 7, password: [], environment_name: null }),
      JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD, environment_name: 'root', is_admin: 1 }),
      JSON.stringify({ username: 'admin', password: 'x'.repeat(5000), environment_name: 'root' }),
      'a'.repeat(3 * 1024 * 1024),
      JSON.stringify({ username: 'adm\u0000in', password: TEST_ADMIN_PASSWORD, environment_name: 'root' }),
      '',
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const body of garbage) {
        const response = await provider.api
          .post('/api/v1/auth/login')
          .set('Content-Type', 'application/json')
          .send(typeof body === 'string' ? body : JSON.stringify(body));
        expect(response.status).toBe(400);
        expect(response.body.error).toBe(ErrorCode.MISSING_VALUES);
        expect(typeof response.body.message).toBe('string');
      }
    }
    await loginAs(provider.api);
  });
});
