import { API, USAGE_ENVIRONMENTS_PAGE_MAX, type ConnectivityData } from '@halo/shared';
import { api } from '../../lib/api';

/**
 * Every environment's row, a page at a time: the chart, the table and the export show them
 * all, and the provider answers at most USAGE_ENVIRONMENTS_PAGE_MAX at once (the root's span
 * every tenant). An answer without `total` is the whole set (a provider that does not page).
 */
export async function allConnectivity(environmentId: number, signal: AbortSignal): Promise<ConnectivityData[]> {
  const rows: ConnectivityData[] = [];
  for (;;) {
    const page = await api.call(
      API.usage.devicesConnectivity,
      { params: { environmentId }, query: { offset: rows.length, limit: USAGE_ENVIRONMENTS_PAGE_MAX } },
      { signal },
    );
    rows.push(...page.connectivity_data);
    if (page.total === undefined || page.connectivity_data.length === 0 || rows.length >= page.total) return rows;
  }
}
