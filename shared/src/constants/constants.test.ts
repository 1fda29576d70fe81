import { describe, expect, it } from 'vitest';
import { bannerMessages, isWithinMarginOfTotal, secondsToUsageHours } from './constants.js';
import {
  initialTwoFactorStep,
  isCloudRealm,
  LoginState,
  loginStateAfterLogin,
  TwoFactorStatus,
  TwoFactorStep,
} from './enums.js';

describe('secondsToUsageHours', () => {
  it('rounds results of one hour or more', () => {
    expect(secondsToUsageHours(3600)).toBe(1);
    expect(secondsToUsageHours(5400)).toBe(2);
    expect(secondsToUsageHours(5399)).toBe(1);
  });

  it('keeps one decimal below one hour', () => {
    expect(secondsToUsageHours(1800)).toBe(0.5);
    expect(secondsToUsageHours(3599)).toBe(1);
    expect(secondsToUsageHours(100)).toBe(0);
    expect(secondsToUsageHours(0)).toBe(0);
  });
});

describe('isWithinMarginOfTotal', () => {
  it('is true within 5 of the total either side and false beyond', () => {
    expect(isWithinMarginOfTotal(90, 5, 100)).toBe(true);
    expect(isWithinMarginOfTotal(89, 5, 100)).toBe(false);
    expect(isWithinMarginOfTotal(100, 5, 100)).toBe(true);
    expect(isWithinMarginOfTotal(100, 6, 100)).toBe(false);
  });
});

describe('bannerMessages', () => {
  it('splits on newlines and drops blank lines', () => {
    expect(bannerMessages('first\r\n\n  second  \n')).toEqual(['first', 'second']);
    expect(bannerMessages(null)).toEqual([]);
  });
});

describe('login and 2FA states', () => {
  it('is logged in unless an active 2FA still awaits its code', () => {
    expect(loginStateAfterLogin({ two_factor_auth: { setup_status: TwoFactorStatus.INACTIVE } })).toBe(
      LoginState.LOGGED_IN,
    );
    expect(loginStateAfterLogin({ two_factor_auth: { setup_status: TwoFactorStatus.PENDING } })).toBe(
      LoginState.LOGGED_IN,
    );
    expect(loginStateAfterLogin({ two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE } })).toBe(
      LoginState.NOT_VERIFIED,
    );
    expect(loginStateAfterLogin({ two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE }, verified: true })).toBe(
      LoginState.LOGGED_IN,
    );
  });

  it('opens the 2FA dialog on step 3 only when 2FA is active', () => {
    expect(initialTwoFactorStep(TwoFactorStatus.ACTIVE)).toBe(TwoFactorStep.ACTIVE);
    expect(initialTwoFactorStep(TwoFactorStatus.PENDING)).toBe(TwoFactorStep.INITIAL);
    expect(initialTwoFactorStep(TwoFactorStatus.INACTIVE)).toBe(TwoFactorStep.INITIAL);
  });

  it('shows realm type 1 as cloud and any other value as on-premises', () => {
    expect(isCloudRealm(1)).toBe(true);
    expect(isCloudRealm(2)).toBe(false);
    expect(isCloudRealm('1')).toBe(false);
    expect(isCloudRealm(undefined)).toBe(false);
  });
});
