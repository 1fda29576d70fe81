import { TOTP, URI } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, OTP_LOCK_MS, OTP_MAX_FAILURES, TwoFactorStatus } from '@halo/shared';
import { DIALECTS, loginAs, startTestProvider, type TestProvider } from '../../testing/testProvider.js';

describe.each(DIALECTS)('two-factor authentication on %s', (dialect) => {
  let provider: TestProvider;
  let authorization: string;
  beforeEach(async () => {
    provider = await startTestProvider(dialect);
    ({ authorization } = await loginAs(provider.api));
  });
  afterEach(async () => {
    await provider.stop();
  });

  const post = async (path: string, body?: object, token = authorization) => {
    const response = await provider.api.post(`/api/v1${path}`).set('Authorization', token).send(body);
    return { status: response.status, body: response.body as Record<string, unknown> };
  };
  const codeAt = (totp: TOTP, offsetSteps = 0) =>
    totp.generate({ timestamp: provider.clock.now + offsetSteps * totp.period * 1000 });
  const wrongCode = (totp: TOTP) => String((Number(codeAt(totp)) + 1) % 10_000_000).padStart(7, '0');

  async function setUp(): Promise<TOTP> {
    const setup = await post('/2fa');
    expect(setup.body.setupStatus).toBe(TwoFactorStatus.PENDING);
    const totp = URI.parse(String(setup.body.otpUri));
    if (!(totp instanceof TOTP)) throw new Error('not a TOTP uri');
    return totp;
  }

  it('meets errors 143, 144, 142, 140 and 145 in the order a person does', async () => {
    expect((await post('/2fa/activate', { otp_code: '1234567' })).body.error).toBe(ErrorCode.TWO_FACTOR_NOT_INITIATED);
    expect((await post('/2fa/deactivate', { otp_code: '1234567' })).body.error).toBe(ErrorCode.TWO_FACTOR_NOT_ACTIVE);
    expect((await post('/auth/2fa/verify', { otp_code: '1234567' })).body.error).toBe(ErrorCode.TWO_FACTOR_NOT_ACTIVE);
    const totp = await setUp();
    expect(totp.digits).toBe(7);
    expect(totp.period).toBe(30);
    expect((await post('/2fa/activate', { otp_code: wrongCode(totp) })).body.error).toBe(
      ErrorCode.TWO_FACTOR_INVALID_OTP,
    );
    const activated = await post('/2fa/activate', { otp_code: codeAt(totp) });
    expect(activated.body.setupStatus).toBe(TwoFactorStatus.ACTIVE);
    expect((await post('/2fa')).body.error).toBe(ErrorCode.TWO_FACTOR_ALREADY_ACTIVE);
    expect((await post('/2fa/deactivate', { otp_code: wrongCode(totp) })).body.error).toBe(
      ErrorCode.TWO_FACTOR_DEACTIVATE_FAILURE,
    );
    for (const malformed of ['12ab567', '123456', '12345678', 1234567, '']) {
      const response = await post('/2fa/deactivate', { otp_code: malformed });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(ErrorCode.MISSING_VALUES);
    }
  });

  it('demands the second factor at login, refuses replays and codes outside one step', async () => {
    const totp = await setUp();
    const activationCode = codeAt(totp);
    await post('/2fa/activate', { otp_code: activationCode });

    const fresh = await loginAs(provider.api);
    expect(fresh.body.verified).toBe(false);
    expect((fresh.body.two_factor_auth as { setup_status: number }).setup_status).toBe(TwoFactorStatus.ACTIVE);
    // Not verified: nothing but verify (and logout, session) is allowed.
    const blocked = await provider.api.get('/api/v1/versions').set('Authorization', fresh.authorization);
    expect(blocked.status).toBe(403);

    expect((await post('/auth/2fa/verify', { otp_code: activationCode }, fresh.authorization)).body.error).toBe(
      ErrorCode.TWO_FACTOR_INVALID_OTP,
    );
    expect((await post('/auth/2fa/verify', { otp_code: codeAt(totp, 2) }, fresh.authorization)).body.error).toBe(
      ErrorCode.TWO_FACTOR_INVALID_OTP,
    );
    const verified = await post('/auth/2fa/verify', { otp_code: codeAt(totp, 1) }, fresh.authorization);
    expect(verified.status).toBe(200);
    expect(verified.body.verified).toBe(true);
    await provider.api.get('/api/v1/versions').set('Authorization', fresh.authorization).expect(200);
  });

  it('keeps the TOTP secret encrypted at rest and clears it on deactivation', async () => {
    const totp = await setUp();
    const row = await provider.provider.context.db
      .selectFrom('users')
      .select('two_factor_secret')
      .executeTakeFirstOrThrow();
    expect(row.two_factor_secret).not.toContain(totp.secret.base32);
    await post('/2fa/activate', { otp_code: codeAt(totp) });
    provider.clock.now += 30_000;
    const deactivated = await post('/2fa/deactivate', { otp_code: codeAt(totp) });
    expect(deactivated.body.setupStatus).toBe(TwoFactorStatus.INACTIVE);
    const after = await provider.provider.context.db
      .selectFrom('users')
      .select('two_factor_secret')
      .executeTakeFirstOrThrow();
    expect(after.two_factor_secret).toBeNull();
  });

  it('refuses even the right code after too many wrong ones, across verify, activate and deactivate, and audits it', async () => {
    const totp = await setUp();
    for (let index = 0; index < OTP_MAX_FAILURES - 1; index += 1) {
      expect((await post('/2fa/activate', { otp_code: wrongCode(totp) })).body.error).toBe(
        ErrorCode.TWO_FACTOR_INVALID_OTP,
      );
    }
    await post('/2fa/activate', { otp_code: codeAt(totp) });
    provider.clock.now += 30_000;
    const fresh = await loginAs(provider.api);
    // 25 guesses at the login's second factor: the lock stops them after OTP_MAX_FAILURES.
    for (let index = 0; index < 25; index += 1)
      await post('/auth/2fa/verify', { otp_code: wrongCode(totp) }, fresh.authorization);
    const right = await post('/auth/2fa/verify', { otp_code: codeAt(totp) }, fresh.authorization);
    expect(right.status).toBe(400);
    expect(right.body.error).toBe(ErrorCode.TWO_FACTOR_INVALID_OTP);
    expect(String(right.body.message)).toMatch(/locked/i);
    const audits = await provider.provider.context.db
      .selectFrom('user_audits')
      .select('name')
      .where('detail_code', '=', 'twoFactorLocked')
      .execute();
    expect(audits.length).toBeGreaterThanOrEqual(1);

    provider.clock.now += OTP_LOCK_MS + 1;
    const after = await post('/auth/2fa/verify', { otp_code: codeAt(totp) }, fresh.authorization);
    expect(after.status).toBe(200);
  });

  it('a right code resets the wrong-code count', async () => {
    const totp = await setUp();
    for (let index = 0; index < OTP_MAX_FAILURES - 1; index += 1)
      await post('/2fa/activate', { otp_code: wrongCode(totp) });
    expect((await post('/2fa/activate', { otp_code: codeAt(totp) })).body.setupStatus).toBe(TwoFactorStatus.ACTIVE);
    provider.clock.now += 30_000;
    for (let index = 0; index < OTP_MAX_FAILURES - 1; index += 1)
      await post('/2fa/deactivate', { otp_code: wrongCode(totp) });
    expect((await post('/2fa/deactivate', { otp_code: codeAt(totp) })).body.setupStatus).toBe(TwoFactorStatus.INACTIVE);
  });
});
