import { ApiError, ErrorCode } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { loginErrorText } from './loginErrorText';

const t = createI18n('en-US').t;
const refusal = (status: number, error: number | string, message = 'server words', fields?: Record<string, unknown>) =>
  new ApiError(status, fields ? { error, message, fields } : { error, message });

describe('loginErrorText', () => {
  it('reads code 1 as wrong credentials', () => {
    expect(loginErrorText(t, refusal(400, ErrorCode.MISSING_VALUES))).toBe('Incorrect username or password');
  });

  it('counts down with code 10', () => {
    const two = refusal(400, ErrorCode.LOGIN_LOCKED, 'x', { remaining_attempts: 2 });
    const one = refusal(400, ErrorCode.LOGIN_LOCKED, 'x', { remaining_attempts: 1 });
    expect(loginErrorText(t, two)).toBe('Incorrect username or password, 2 attempts left');
    expect(loginErrorText(t, one)).toBe('Incorrect username or password, 1 attempt left');
  });

  it('shows the server message with code 33', () => {
    expect(loginErrorText(t, refusal(400, ErrorCode.LOGIN_REFUSED, 'Account locked for 15 minutes'))).toBe(
      'Account locked for 15 minutes',
    );
  });

  it('says Login failed for any other status or failure', () => {
    expect(loginErrorText(t, refusal(500, 'internal'))).toBe('Login failed');
    expect(loginErrorText(t, refusal(401, 'unauthorized'))).toBe('Login failed');
    expect(loginErrorText(t, new Error('boom'))).toBe('Login failed');
  });
});
