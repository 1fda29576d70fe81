import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import {
  CheckTokenResponseSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  OkResponseSchema,
  OtpRequestSchema,
  ResetPasswordRequestSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusResponseSchema,
} from './auth.js';

const tag = 'Authentication';

/** Section 7, "Authentication": the calls without an environment prefix. */
export const authApi = {
  login: defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with username, password and environment name',
    tag,
    bound: 'single',
    access: 'public',
    body: LoginRequestSchema,
    answer: LoginResponseSchema,
    errors: [ErrorCode.LOGIN_LOCKED, ErrorCode.LOGIN_REFUSED],
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/auth/logout',
    summary: 'End this session (a wall display’s included)',
    tag,
    access: 'anySession',
    answer: OkResponseSchema,
  }),
  forgot: defineEndpoint({
    method: 'POST',
    path: '/auth/forgot',
    summary: 'Send a password reset link to the address, if an account has it',
    tag,
    access: 'public',
    body: ForgotPasswordRequestSchema,
    answer: OkResponseSchema.extend({ message: z.string() }),
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: '/auth/reset',
    summary: 'Set a new password with a reset link’s token; every other link of the user is voided',
    tag,
    access: 'public',
    body: ResetPasswordRequestSchema,
    answer: OkResponseSchema,
    errors: [ErrorCode.FORGOT_RESET, ErrorCode.PASSWORD_NOT_VALID],
  }),
  checkToken: defineEndpoint({
    method: 'POST',
    path: '/auth/check_token/{token}',
    summary: 'Whether a password reset token is still valid',
    tag,
    access: 'public',
    params: z.object({ token: z.string() }),
    answer: CheckTokenResponseSchema,
    errors: [ErrorCode.FORGOT_RESET],
  }),
  verifyTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/2fa/verify',
    summary: 'Pass the second factor of a fresh login with a one-time code',
    tag,
    bound: 'single',
    access: 'pending',
    body: OtpRequestSchema,
    answer: LoginResponseSchema,
    errors: [ErrorCode.TWO_FACTOR_INVALID_OTP, ErrorCode.TWO_FACTOR_NOT_ACTIVE],
  }),
  session: defineEndpoint({
    method: 'GET',
    path: '/auth/session',
    summary: 'The session behind a token, without counting as activity (the gateway’s check)',
    tag,
    bound: 'single',
    access: 'sessionCheck',
    answer: LoginResponseSchema,
  }),
} as const;

/** Section 7, "Shell and 2FA": the user's own second factor. */
export const twoFactorApi = {
  setup: defineEndpoint({
    method: 'POST',
    path: '/2fa',
    summary: 'Start 2FA setup: a provisioning URI for an authenticator app',
    tag: 'Two-factor authentication',
    access: 'user',
    answer: TwoFactorSetupResponseSchema,
    errors: [ErrorCode.TWO_FACTOR_ALREADY_ACTIVE],
  }),
  activate: defineEndpoint({
    method: 'POST',
    path: '/2fa/activate',
    summary: 'Activate 2FA with a code from the authenticator',
    tag: 'Two-factor authentication',
    access: 'user',
    body: OtpRequestSchema,
    answer: TwoFactorStatusResponseSchema,
    errors: [ErrorCode.TWO_FACTOR_ALREADY_ACTIVE, ErrorCode.TWO_FACTOR_NOT_INITIATED, ErrorCode.TWO_FACTOR_INVALID_OTP],
  }),
  deactivate: defineEndpoint({
    method: 'POST',
    path: '/2fa/deactivate',
    summary: 'Deactivate one’s own 2FA with a current code',
    tag: 'Two-factor authentication',
    access: 'user',
    body: OtpRequestSchema,
    answer: TwoFactorStatusResponseSchema,
    errors: [ErrorCode.TWO_FACTOR_NOT_ACTIVE, ErrorCode.TWO_FACTOR_DEACTIVATE_FAILURE],
  }),
} as const;

/** The first segment every sign-in call shares (`/auth`), read from the declarations above. */
const AUTH_SEGMENT = `/${authApi.login.path.split('/')[1] ?? ''}`;

/** Whether a path relative to API_BASE is one of the sign-in calls (the gateway limits them tightly). */
export function isAuthenticationPath(path: string): boolean {
  return path === AUTH_SEGMENT || path.startsWith(`${AUTH_SEGMENT}/`);
}
