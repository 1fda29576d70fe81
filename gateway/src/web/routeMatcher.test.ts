import { describe, expect, it } from 'vitest';
import { isAppRoute, routePatternToRegExp } from './routeMatcher.js';

describe('routePatternToRegExp', () => {
  it('matches required and optional parameters by whole segments', () => {
    const reset = routePatternToRegExp('/reset/:userToken');
    expect(reset.test('/reset/abc')).toBe(true);
    expect(reset.test('/reset')).toBe(false);
    expect(reset.test('/reset/abc/def')).toBe(false);
    const usage = routePatternToRegExp('/admin/usage-monitoring/:id?');
    expect(usage.test('/admin/usage-monitoring')).toBe(true);
    expect(usage.test('/admin/usage-monitoring/7')).toBe(true);
    expect(usage.test('/admin/usage-monitoringX')).toBe(false);
  });

  it('treats pattern text literally', () => {
    expect(routePatternToRegExp('/a.b').test('/aXb')).toBe(false);
  });
});

describe('isAppRoute', () => {
  it.each(['/', '/login', '/login/', '/config/data-path', '/services/heatsight', '/wall'])('knows %s', (path) => {
    expect(isAppRoute(path)).toBe(true);
  });

  it.each(['/nope', '/login/extra', '//', '/config', '/__proto__'])('does not know %s', (path) => {
    expect(isAppRoute(path)).toBe(false);
  });
});
