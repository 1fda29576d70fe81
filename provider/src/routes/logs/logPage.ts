import { logPageWindow, type LogPaging } from '@halo/shared';
import { sql, type RawBuilder } from 'kysely';
import { DAY_MS } from '../../store/connectivityUsage.js';

/**
 * The paging and filters the system log and the messaging log share. Both tables name these
 * columns alike (id, device_id, severity, log_time), so the conditions are written once.
 */
export interface LogPageQuery extends LogPaging {
  readonly device_ids?: readonly number[] | undefined;
  readonly severities?: readonly number[] | undefined;
  /** YYYY-MM-DD, UTC; both days included. */
  readonly start_date?: string | undefined;
  readonly end_date?: string | undefined;
}

/** A case-insensitive "contains" pattern for `like ... escape '\'`. */
export const likePattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** `lower(column) like %text%`, with the pattern's wildcards escaped. */
export const contains = (column: string, text: string): RawBuilder<boolean> =>
  sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;

/** The shared conditions of a page: paging ids, devices, severities and the date range. */
export function logPageConditions(query: LogPageQuery): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  const window = logPageWindow(query);
  if (window.beforeId !== undefined) conditions.push(sql<boolean>`id < ${window.beforeId}`);
  if (window.afterId !== undefined) conditions.push(sql<boolean>`id > ${window.afterId}`);
  if (query.device_ids?.length) conditions.push(sql<boolean>`device_id in (${sql.join(query.device_ids)})`);
  if (query.severities?.length) conditions.push(sql<boolean>`severity in (${sql.join(query.severities)})`);
  if (query.start_date) conditions.push(sql<boolean>`log_time >= ${Date.parse(`${query.start_date}T00:00:00Z`)}`);
  if (query.end_date) conditions.push(sql<boolean>`log_time < ${Date.parse(`${query.end_date}T00:00:00Z`) + DAY_MS}`);
  return conditions;
}

/** Newest first, or oldest first for a poller's `since_id` (logPaging.ts). */
export const logPageOrder = (query: LogPageQuery) => logPageWindow(query).order;

export const logPageSize = (query: LogPageQuery) => logPageWindow(query).limit;
