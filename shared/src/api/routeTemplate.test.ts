import { describe, expect, it } from 'vitest';
import { API } from './contract.js';
import { API_BASE, apiPaths } from './paths.js';
import { routeTemplateMatcher, UNMATCHED_ROUTE } from './routeTemplate.js';

const routeOf = routeTemplateMatcher(['/healthz', '/metrics']);

describe('routeTemplateMatcher', () => {
  it('names a request by the declared template it took, whatever its ids and query', () => {
    expect(routeOf('GET', `${API_BASE}${apiPaths.devices.list(3)}?page=2`)).toBe(`${API_BASE}${API.devices.list.path}`);
    expect(routeOf('PUT', `${API_BASE}${apiPaths.devices.item(3, 77)}`)).toBe(`${API_BASE}${API.devices.update.path}`);
    expect(routeOf('DELETE', `${API_BASE}${apiPaths.devices.item(9, 1)}`)).toBe(
      `${API_BASE}${API.devices.remove.path}`,
    );
  });

  it('prefers a fixed path to a parameterised one of the same shape', () => {
    expect(routeOf('POST', `${API_BASE}${apiPaths.devices.import(3)}`)).toBe(`${API_BASE}${API.devices.import.path}`);
  });

  it('names HEAD as its GET and keeps the own fixed paths', () => {
    expect(routeOf('HEAD', `${API_BASE}${apiPaths.serverClock}`)).toBe(`${API_BASE}${API.system.serverClock.path}`);
    expect(routeOf('GET', '/metrics')).toBe('/metrics');
  });

  it('gives every undeclared path or method the one unmatched label', () => {
    for (const [method, url] of [
      ['GET', '/api/v1/no/such/thing'],
      ['GET', `/random-${Math.random()}`],
      ['PATCH', `${API_BASE}${apiPaths.serverClock}`],
      ['GET', '/healthz/extra'],
    ] as const) {
      expect(routeOf(method, url)).toBe(UNMATCHED_ROUTE);
    }
  });
});
