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
      const versions = await provider.api
        .get(`${API_BASE}${apiPaths.versions}`)
        .set('Authorization', authorization)
        .set('Host', 'console.example.test');
      const answer = API.system.versions.answer.parse(versions.body);
      expect(answer.official).toBe('console.example.test-12.6');
      expect(answer.internal.analyzer ?? null).toBeNull();
      expect((await provider.api.get(`${API_BASE}${apiPaths.serverClock}`)).status).toBe(200);
      expect((await provider.api.get(`${API_BASE}${apiPaths.versions}`)).status).toBe(401);
    } finally {
      await provider.stop();
    }
  });

  it('names the product by the address it was reached at, the one the gateway forwards, never an interface of its own', async () => {
    const provider = await startTestProvider('sqlite');
    try {
      const { authorization } = await loginAs(provider.api);
      const official = async (headers: Record<string, string>) => {
        const response = await provider.api
          .get(`${API_BASE}${apiPaths.versions}`)
          .set('Authorization', authorization)
          .set(headers);
        return API.system.versions.answer.parse(response.body).official;
      };
      // Straight from a browser at 127.0.0.1 (the case: a documentation address of an interface came back).
      expect(await official({ Host: '127.0.0.1:8080' })).toBe('127.0.0.1-12.6');
      // Behind the gateway (loopback, trusted): the browser's own address, port dropped.
      expect(await official({ Host: '127.0.0.1:8081', 'X-Forwarded-Host': '10.20.30.40:8080' })).toBe(
        '10.20.30.40-12.6',
      );
      expect(await official({ Host: '[fd00::7]:8080' })).toBe('fd00::7-12.6');
    } finally {
      await provider.stop();
    }
  });

  it('falls back to the public URL host when the request names none', () => {
    expect(productAddress({ hostname: '' }, 'https://console.example.test')).toBe('console.example.test');
  });
});
