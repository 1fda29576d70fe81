import { ROUTES } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { returnStateOf, returnToOf } from './returnTo';

describe('the address a visitor is brought back to after logging in', () => {
  it('keeps the whole address asked for, its query and fragment too', () => {
    const state = returnStateOf({ pathname: '/logs/alarms', search: '?state=active&acknowledged=no', hash: '#top' });
    expect(returnToOf(state)).toBe('/logs/alarms?state=active&acknowledged=no#top');
  });

  it('goes Home when nothing, or nothing of this console, was asked for', () => {
    for (const pathname of [ROUTES.home, ROUTES.login, ROUTES.otpVerification, ROUTES.sessionExpired])
      expect(returnStateOf({ pathname, search: '', hash: '' })).toBeUndefined();
    for (const state of [
      undefined,
      null,
      {},
      { returnTo: 7 },
      { returnTo: 'https://evil.test/' },
      { returnTo: '//evil.test/x' },
    ])
      expect(returnToOf(state)).toBe(ROUTES.home);
  });
});
