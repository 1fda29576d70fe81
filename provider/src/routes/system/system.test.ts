import { API, API_BASE, apiPaths } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { loginAs, startTestProvider } from '../../testing/testProvider.js';
import { productAddress } from './getVersions.js';

describe('server clock and versions', () => {
  it('answers the provider clock to anyone and the {ip}-12.6 version only to a session', async () => {
    const provider = await startTestProvider('sqlite');
    try {
      provider.clock.now = Date.parse('2026-11-25T08:30:00Z');
      const { authorization } = await loginAs(provider.api);
      const clock = await provider.api.get(`${API_BASE}${apiPaths.serverClock}`).set('Authorization', authorization);
      expect(API.system.serverClock.answer.parse(clock.body).server_clock).toBe('2026-11-25T08:30:00.000Z');
      const versions = await provider.api.get(`${API_BASE}${apiPaths.versions}`).set('Authorization', authorization);
      const answer = API.system.versions.answer.parse(versions.body);
      expect(answer.official).toBe('console.example.test-12.6');
      expect(answer.internal.analyzer ?? null).toBeNull();
      expect((await provider.api.get(`${API_BASE}${apiPaths.serverClock}`)).status).toBe(200);
      expect((await provider.api.get(`${API_BASE}${apiPaths.versions}`)).status).toBe(401);
    } finally {
      await provider.stop();
    }
  });

  it('names the product by its public host, else by an external address of this machine', () => {
    expect(productAddress('https://console.example.test')).toBe('console.example.test');
    expect(productAddress('http://localhost:8080')).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });
});
