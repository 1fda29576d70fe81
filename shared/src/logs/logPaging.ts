/**
 * How a log call pages, the one rule the provider, the gateway's poller and test upstreams
 * follow (a provider and a poller once read `object_id` in opposite ways, and no live alert
 * was ever delivered):
 * - `object_id` (spec section 7) pages back: entries *older* than that id, newest first;
 * - `since_id` (the product's own, for pollers) follows the log: entries *newer* than that
 *   id, oldest first;
 * - neither: the newest entries, newest first; `page_size` entries (100 unless told).
 */
import { z } from 'zod';
import { PageQueryShape, QueryIntSchema } from '../common.js';

export const DEFAULT_LOG_PAGE_SIZE = 100;

export interface LogPaging {
  readonly object_id?: number | undefined;
  readonly since_id?: number | undefined;
  readonly page_size?: number | undefined;
}

export interface LogPageWindow {
  /** Entries with a greater id only. */
  readonly afterId: number | undefined;
  /** Entries with a smaller id only. */
  readonly beforeId: number | undefined;
  readonly order: 'asc' | 'desc';
  readonly limit: number;
}

export function logPageWindow(paging: LogPaging): LogPageWindow {
  return {
    afterId: paging.since_id,
    beforeId: paging.object_id,
    order: paging.since_id === undefined ? 'desc' : 'asc',
    limit: paging.page_size ?? DEFAULT_LOG_PAGE_SIZE,
  };
}

/** The poller's extra query parameter. */
export const LogPollShape = { since_id: QueryIntSchema.optional() };
/** Just the paging of a log call (object_id, since_id, page_size), other filters ignored. */
export const LogPagingQuerySchema = z.object({ ...PageQueryShape, ...LogPollShape });

/** The query string of a poller's call: what is newer than `sinceId`, or (null) the newest entry alone. */
export function logPollSearch(sinceId: number | null, pageSize: number): string {
  const params = new URLSearchParams(
    sinceId === null ? { page_size: '1' } : { since_id: String(sinceId), page_size: String(pageSize) },
  );
  return `?${params.toString()}`;
}
