import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, API_BASE, apiPaths, UNMATCHED_ROUTE } from '@halo/shared';
import { parseExposition, sampleValue, type Sample } from '@halo/shared/metrics';
import { startTestProvider, type TestProvider } from '../testing/testProvider.js';

let test: TestProvider;

beforeAll(async () => {
  test = await startTestProvider('sqlite');
});

afterAll(async () => {
  await test.stop();
});

const DURATION = 'halo_provider_http_request_duration_seconds_count';
const routeLabels = (samples: readonly Sample[]) =>
  new Set(samples.filter((sample) => sample.name === DURATION).map((sample) => sample.labels.route));

describe('the provider’s /metrics', () => {
  it('times each request by its declared route template and status class, never by its raw URL', async () => {
    await test.api.get(`${API_BASE}${apiPaths.serverClock}`);
    await test.api.get(`${API_BASE}${apiPaths.serverClock}?x=1`);
    await test.api.get(`${API_BASE}${apiPaths.devices.list(3)}`);
    await test.api.get(`${API_BASE}${apiPaths.devices.list(12)}`);
    await test.api.get(`${API_BASE}/no-such-call-${Math.random()}`);
    await test.api.get(`/nowhere-${Math.random()}`);
    const response = await test.api.get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const samples = parseExposition(response.text);

    const count = (route: string, statusClass: string) =>
      sampleValue(samples, DURATION, { method: 'GET', route, status_class: statusClass });
    expect(count(`${API_BASE}${API.system.serverClock.path}`, '2xx')).toBe(2);
    // Refused without a session: the template is still the declared one.
    expect(count(`${API_BASE}${API.devices.list.path}`, '4xx')).toBe(2);
    expect(count(UNMATCHED_ROUTE, '4xx')).toBe(2);
    expect(routeLabels(samples)).toEqual(
      new Set([`${API_BASE}${API.system.serverClock.path}`, `${API_BASE}${API.devices.list.path}`, UNMATCHED_ROUTE]),
    );
  });

  it('tells the event loop’s delay and the process’s memory', async () => {
    const samples = parseExposition((await test.api.get('/metrics')).text);
    for (const name of [
      'halo_provider_nodejs_eventloop_lag_p50_seconds',
      'halo_provider_nodejs_eventloop_lag_p99_seconds',
      'halo_provider_nodejs_eventloop_lag_max_seconds',
      'halo_provider_nodejs_heap_size_used_bytes',
    ]) {
      expect(sampleValue(samples, name), name).toBeGreaterThanOrEqual(0);
    }
    expect(sampleValue(samples, 'halo_provider_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts a stall of the event loop in its delay histogram, which keeps counting across scrapes', async () => {
    const delay = async () => {
      const samples = parseExposition((await test.api.get('/metrics')).text);
      return {
        total: sampleValue(samples, 'halo_provider_event_loop_delay_seconds_count') ?? 0,
        within100ms: sampleValue(samples, 'halo_provider_event_loop_delay_seconds_bucket', { le: '0.1' }) ?? 0,
      };
    };
    const before = await delay();
    // The provider runs in this process: hold its loop for 300 ms, then let its probe run.
    const until = performance.now() + 300;
    while (performance.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = await delay();
    expect(after.total).toBeGreaterThan(before.total);
    // The stall is one observation above 100 ms; the scrape in between reset nothing.
    expect(after.total - after.within100ms).toBeGreaterThanOrEqual(1 + before.total - before.within100ms);
  });

  it('is not under /api/v1, the only prefix the gateway forwards', async () => {
    for (const path of [`${API_BASE}/metrics`, `${API_BASE}/../metrics`]) {
      const response = await test.api.get(path);
      expect(response.status, path).toBe(404);
      expect(response.text).not.toMatch(/halo_provider_/);
    }
  });
});
