import { describe, expect, it } from 'vitest';
import { LoginRequestSchema, LoginResponseSchema, OtpRequestSchema, ResetPasswordRequestSchema } from './auth.js';

describe('OtpRequestSchema', () => {
  it('accepts 7 digits only', () => {
    expect(OtpRequestSchema.safeParse({ otp_code: '1234567' }).success).toBe(true);
    for (const otp_code of ['123456', '12345678', '12345a7', '', 1234567]) {
      expect(OtpRequestSchema.safeParse({ otp_code }).success).toBe(false);
    }
  });

  it('refuses unknown fields', () => {
    expect(OtpRequestSchema.safeParse({ otp_code: '1234567', remember: true }).success).toBe(false);
  });
});

describe('LoginRequestSchema', () => {
  const login = { username: 'admin', password: 'x', environment_name: 'root' };

  it('accepts credentials without judging the password rules', () => {
    expect(LoginRequestSchema.safeParse(login).success).toBe(true);
  });

  it('requires each field and bounds its length', () => {
    expect(LoginRequestSchema.safeParse({ ...login, username: '' }).error?.issues[0]?.message).toBe(
      'validation.required',
    );
    expect(LoginRequestSchema.safeParse({ ...login, password: 'x'.repeat(129) }).error?.issues[0]?.message).toBe(
      'validation.maxLength',
    );
    expect(LoginRequestSchema.safeParse({ username: 'admin', password: 'x' }).success).toBe(false);
    expect(LoginRequestSchema.safeParse({ ...login, otp: '1234567' }).success).toBe(false);
  });
});

describe('ResetPasswordRequestSchema', () => {
  it('requires a token and a password', () => {
    expect(ResetPasswordRequestSchema.safeParse({ token: 't', password: 'Str0ng pass' }).success).toBe(true);
    expect(ResetPasswordRequestSchema.safeParse({ token: '', password: 'Str0ng pass' }).success).toBe(false);
  });
});

describe('LoginResponseSchema', () => {
  it('parses a login answer and refuses an unknown 2FA status', () => {
    const answer = {
      token: { access_token: 'abc', token_type: 'Bearer' },
      name: 'Admin',
      user_id: 1,
      environment_id: 1,
      environment_name: 'root',
      parent_environment_id: null,
      environment_manager: true,
      permissions: [],
      enabled_feature_ids: [1],
      entities: { devices: [1, 2] },
      two_factor_auth: { setup_status: 3 },
      verified: false,
      realm_type: 1,
    };
    expect(LoginResponseSchema.safeParse(answer).success).toBe(true);
    expect(LoginResponseSchema.safeParse({ ...answer, two_factor_auth: { setup_status: 0 } }).success).toBe(false);
  });
});
