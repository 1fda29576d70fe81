import type { Locale } from '@halo/shared';
import { useSearchParams } from 'react-router-dom';
import { api, type DownloadedFile } from '../../lib/api';
import { useSessionSubject } from '../../lib/session';
import { readTimeRange, timeBounds, withFilter, writeTimeRange, type TimeRange } from './logQuery';
import type { LogScreenDefinition } from './logScreenDefinition';
import { useLogPages, type LogPages } from './useLogPages';
import { useServerTime } from './useServerTime';

const DEFAULT_PAGE_SIZE = 100;

export interface LogScreenState<Entry, Filters, Answer = unknown> {
  readonly definition: LogScreenDefinition<Entry, Filters, Answer>;
  readonly environmentId: number;
  /** The server's time now (presets are measured back from it). */
  readonly serverTime: () => number;
  readonly range: TimeRange;
  readonly filters: Filters;
  /** Names the view (environment and address): a new view starts again from the first page. */
  readonly view: string;
  readonly pages: LogPages<Entry>;
  readonly setRange: (range: TimeRange) => void;
  /** Sets one filter in the address (removed when empty), which loads the first page of the new view. */
  readonly setFilter: (name: string, value: string | readonly (string | number)[]) => void;
  /** The CSV of everything the view selects: the query the list is asked, in the reader's language. */
  readonly download: (lang: Locale) => Promise<DownloadedFile>;
}

/**
 * A log screen's state: the time range and the filters from the address, the pages of the
 * query they make, and its export. The query is built when a call is made, so a preset's
 * range ends at the server's time of that call.
 */
export function useLogScreen<Entry extends { readonly id: number }, Filters, Answer>(
  definition: LogScreenDefinition<Entry, Filters, Answer>,
): LogScreenState<Entry, Filters, Answer> {
  const { environmentId } = useSessionSubject();
  const serverTime = useServerTime();
  const [params, setParams] = useSearchParams();
  const range = readTimeRange(params);
  const filters = definition.readFilters(params);
  const view = `${environmentId}?${params.toString()}`;
  const pageSize = definition.pageSize ?? DEFAULT_PAGE_SIZE;
  const query = () => ({ ...timeBounds(range, serverTime()), ...definition.toQuery(filters) });

  const pages = useLogPages<Entry>(
    async (olderThan, signal) =>
      definition.rowsOf(
        await api.call(
          definition.endpoints.list,
          {
            params: { environmentId },
            query: { ...query(), page_size: pageSize, ...(olderThan ? { object_id: olderThan } : {}) },
          },
          { signal },
        ),
      ),
    view,
    { pageSize, cap: definition.cap },
  );

  return {
    definition,
    environmentId,
    serverTime,
    range,
    filters,
    view,
    pages,
    setRange: (next) => setParams(writeTimeRange(params, next)),
    setFilter: (name, value) => setParams(withFilter(params, name, value)),
    download: (lang) =>
      api.call(definition.endpoints.export, { params: { environmentId }, query: { ...query(), lang } }),
  };
}
