import { API, USAGE_ENVIRONMENTS_PAGE_MAX, type ConnectivityData } from '@halo/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeApi } from '../../testing/fakeApi';
import { allConnectivity } from './allConnectivity';

const row = (index: number): ConnectivityData => ({
  environment_id: index + 1,
  environment_name: `environment-${index + 1}`,
  current_day: 0,
  current_week: index,
  current_month: index,
  current_year: index,
});

describe('allConnectivity', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks for pages until it holds every environment the provider counts', async () => {
    const all = Array.from({ length: 2 * USAGE_ENVIRONMENTS_PAGE_MAX + 3 }, (_, index) => row(index));
    const api = fakeApi([
      answer(API.usage.devicesConnectivity, ({ query }) => {
        const offset = Number(query.get('offset'));
        const limit = Number(query.get('limit'));
        return { connectivity_data: all.slice(offset, offset + limit), total: all.length };
      }),
    ]);
    expect(await allConnectivity(1, new AbortController().signal)).toEqual(all);
    expect(api.calls.map((call) => call.query.get('offset'))).toEqual([
      '0',
      String(USAGE_ENVIRONMENTS_PAGE_MAX),
      String(2 * USAGE_ENVIRONMENTS_PAGE_MAX),
    ]);
  });

  it('takes an answer without a total (a provider that does not page) as the whole set', async () => {
    const api = fakeApi([answer(API.usage.devicesConnectivity, { connectivity_data: [row(0), row(1)] })]);
    expect(await allConnectivity(1, new AbortController().signal)).toEqual([row(0), row(1)]);
    expect(api.calls).toHaveLength(1);
  });

  it('stops at an empty page even if environments were removed while it read', async () => {
    fakeApi([
      answer(API.usage.devicesConnectivity, ({ query }) => ({
        connectivity_data: query.get('offset') === '0' ? [row(0)] : [],
        total: 5,
      })),
    ]);
    expect(await allConnectivity(1, new AbortController().signal)).toEqual([row(0)]);
  });
});
