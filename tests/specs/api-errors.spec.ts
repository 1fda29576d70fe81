import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiPaths, API_BASE, ErrorCode } from '@halo/shared';
import type { APIRequestContext } from '@playwright/test';
import type { TOTP } from 'otpauth';
import { URI } from 'otpauth';
import { expect, test } from '../fixtures/test';

/**
 * Every authentication and 2FA error code of spec section 8, produced through the gateway's
 * /api/v1 exactly as the browser would meet it, and garbage that must change nothing.
 */
test.use({ stackEnv: { HALO_E2E_STACK: 'api-errors', HALO_ADMIN_EMAIL: 'admin@example.test' } });

const api = (path: string) => `${API_BASE}${path}`;

async function login(request: APIRequestContext, password: string) {
  const response = await request.post(api(apiPaths.auth.login), {
    data: { username: 'admin', password, environment_name: 'root' },
  });
  expect(response.status()).toBe(200);
  const body = await response.json();
  return { Authorization: `${body.token.token_type} ${body.token.access_token}` };
}

test('login errors 1, 10 and 33 with the countdown', async ({ request }) => {
  const attempt = (password: string) =>
    request.post(api(apiPaths.auth.login), { data: { username: 'ghost', password, environment_name: 'root' } });
  const bodies = [];
  for (let index = 1; index <= 6; index += 1) {
    const response = await attempt(`Nope-Passw0rd${index}!`);
    expect(response.status()).toBe(400);
    bodies.push(await response.json());
  }
  expect(bodies.map((body) => body.error)).toEqual([
    ErrorCode.MISSING_VALUES,
    ErrorCode.MISSING_VALUES,
    ErrorCode.LOGIN_LOCKED,
    ErrorCode.LOGIN_LOCKED,
    ErrorCode.LOGIN_REFUSED,
    ErrorCode.LOGIN_REFUSED,
  ]);
  expect(bodies[2].fields.remaining_attempts).toBe(2);
  expect(bodies[3].fields.remaining_attempts).toBe(1);
  expect(bodies[4].message).toMatch(/locked/i);
});

test('a missing, garbage or logged-out token gets 401', async ({ request, stack }) => {
  expect((await request.post(api(apiPaths.twoFactor.setup))).status()).toBe(401);
  expect(
    (await request.post(api(apiPaths.twoFactor.setup), { headers: { Authorization: 'Bearer garbage' } })).status(),
  ).toBe(401);
  const headers = await login(request, stack.adminPassword);
  expect((await request.post(api(apiPaths.auth.logout), { headers })).status()).toBe(200);
  const after = await request.post(api(apiPaths.twoFactor.setup), { headers });
  expect(after.status()).toBe(401);
  expect((await after.json()).error).toBe('unauthorized');
});

test('forgot and reset: error 2 for a bad token, 32 for a weak password, then a working reset', async ({
  request,
  stack,
}) => {
  const unknown = await request.post(api(apiPaths.auth.checkToken('nope')));
  expect(unknown.status()).toBe(400);
  expect((await unknown.json()).error).toBe(ErrorCode.FORGOT_RESET);

  const forgot = await request.post(api(apiPaths.auth.forgot), { data: { email: 'admin@example.test' } });
  expect(forgot.status()).toBe(200);
  const outbox = join(stack.dataDir, 'outbox');
  const messages = readdirSync(outbox).filter((name) => name.endsWith('.json'));
  expect(messages.length).toBe(1);
  const mail = readFileSync(join(outbox, messages[0]!), 'utf8');
  const token = /\/reset\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(token).toBeTruthy();

  const checked = await request.post(api(apiPaths.auth.checkToken(token!)));
  expect(checked.status()).toBe(200);

  const weak = await request.post(api(apiPaths.auth.reset), { data: { token, password: 'short' } });
  expect(weak.status()).toBe(400);
  expect((await weak.json()).error).toBe(ErrorCode.PASSWORD_NOT_VALID);

  // Nobody has this address: the same answer, and no mail.
  const stranger = await request.post(api(apiPaths.auth.forgot), { data: { email: 'nobody@example.test' } });
  expect(await stranger.json()).toEqual(await forgot.json());
  expect(readdirSync(outbox).filter((name) => name.endsWith('.json')).length).toBe(1);

  const reset = await request.post(api(apiPaths.auth.reset), { data: { token, password: stack.adminPassword } });
  expect(reset.status()).toBe(200);
  const reused = await request.post(api(apiPaths.auth.reset), { data: { token, password: stack.adminPassword } });
  expect((await reused.json()).error).toBe(ErrorCode.FORGOT_RESET);
});

test('2FA errors 143, 144, 142, 140 and 145 in the order a person meets them', async ({ request, stack }) => {
  const headers = await login(request, stack.adminPassword);
  const post = async (path: string, data?: object) => {
    const response = await request.post(api(path), { headers, data });
    return { status: response.status(), body: await response.json() };
  };
  expect((await post(apiPaths.twoFactor.activate, { otp_code: '1234567' })).body.error).toBe(
    ErrorCode.TWO_FACTOR_NOT_INITIATED,
  );
  expect((await post(apiPaths.twoFactor.deactivate, { otp_code: '1234567' })).body.error).toBe(
    ErrorCode.TWO_FACTOR_NOT_ACTIVE,
  );
  expect((await post(apiPaths.auth.verifyTwoFactor, { otp_code: '1234567' })).body.error).toBe(
    ErrorCode.TWO_FACTOR_NOT_ACTIVE,
  );
  const setup = await post(apiPaths.twoFactor.setup);
  expect(setup.body.setupStatus).toBe(2);
  const totp = URI.parse(setup.body.otpUri) as TOTP;
  const wrong = String((Number(totp.generate()) + 1) % 10_000_000).padStart(7, '0');
  expect((await post(apiPaths.twoFactor.activate, { otp_code: wrong })).body.error).toBe(
    ErrorCode.TWO_FACTOR_INVALID_OTP,
  );
  const activated = await post(apiPaths.twoFactor.activate, { otp_code: totp.generate() });
  expect(activated.body.setupStatus).toBe(3);
  expect((await post(apiPaths.twoFactor.setup)).body.error).toBe(ErrorCode.TWO_FACTOR_ALREADY_ACTIVE);
  expect((await post(apiPaths.twoFactor.deactivate, { otp_code: wrong })).body.error).toBe(
    ErrorCode.TWO_FACTOR_DEACTIVATE_FAILURE,
  );
  // Malformed codes are refused as missing or invalid values.
  expect((await post(apiPaths.twoFactor.deactivate, { otp_code: '12ab567' })).body.error).toBe(
    ErrorCode.MISSING_VALUES,
  );
});

test('garbage gets a 4xx in the error format and changes nothing', async ({ request, stack }) => {
  const garbage: { path: string; data: string | Buffer; contentType?: string }[] = [
    { path: apiPaths.auth.login, data: '{"username": "admin", "password": ' },
    { path: apiPaths.auth.login, data: '[1,2,3]' },
    { path: apiPaths.auth.login, data: JSON.stringify({ username: 7, password: [], environment_name: null }) },
    {
      path: apiPaths.auth.login,
      data: JSON.stringify({ username: 'admin', password: stack.adminPassword, environment_name: 'root', is_admin: 1 }),
    },
    { path: apiPaths.auth.forgot, data: JSON.stringify({ email: { $gt: '' } }) },
    { path: apiPaths.auth.reset, data: JSON.stringify({ token: 5, password: true }) },
    { path: apiPaths.auth.login, data: Buffer.alloc(3 * 1024 * 1024, 'a') },
  ];
  for (const { path, data } of garbage) {
    const response = await request.post(api(path), { data, headers: { 'Content-Type': 'application/json' } });
    expect(response.status(), path).toBeGreaterThanOrEqual(400);
    expect(response.status(), path).toBeLessThan(500);
    const body = await response.json();
    expect(typeof body.message, path).toBe('string');
    expect(body.error, path).toBeDefined();
  }
  // The right password still works: nothing was locked or changed by the garbage.
  await login(request, stack.adminPassword);
});
