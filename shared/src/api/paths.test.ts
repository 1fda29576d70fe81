import { describe, expect, it } from 'vitest';
import { apiPaths } from './paths.js';

describe('apiPaths', () => {
  it('prefixes config calls with the environment and leaves auth calls unprefixed', () => {
    expect(apiPaths.devices.item(3, 17)).toBe('/config/3/devices/17');
    expect(apiPaths.vpn.profile(3, 5)).toBe('/config/3/apps/openvpn/profiles/5');
    expect(apiPaths.wallDisplays.item(1, 9)).toBe('/config/1/wall_displays/9');
    expect(apiPaths.auth.login).toBe('/auth/login');
  });

  it('encodes a reset token so it cannot change the path', () => {
    expect(apiPaths.auth.checkToken('a/../b?c')).toBe('/auth/check_token/a%2F..%2Fb%3Fc');
  });
});
