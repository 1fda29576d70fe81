import { API, type LiveSystemLogEntry } from '@halo/shared';
import { catchError, combineLatest, defer, map, of, startWith, type Observable } from 'rxjs';
import type { ApiClient } from '../api';

/** How many alerts the alert lists keep. */
export const RECENT_ALERTS = 50;

/** Newest first by time, then id; each entry once. */
export function newestFirst(...lists: readonly (readonly LiveSystemLogEntry[])[]): LiveSystemLogEntry[] {
  const byId = new Map<number, LiveSystemLogEntry>();
  for (const list of lists) for (const entry of list) byId.set(entry.id, entry);
  return [...byId.values()].sort((a, b) => b.log_time.localeCompare(a.log_time) || b.id - a.id);
}

/**
 * The alerts a Latest alerts list shows: the most recent ones the log already holds (loaded
 * once, so a list opened now is not empty) followed by those the live feed brings. A failed
 * load leaves the live ones.
 */
export function withRecentAlerts(
  live$: Observable<readonly LiveSystemLogEntry[]>,
  loadRecent: () => Promise<readonly LiveSystemLogEntry[]>,
): Observable<readonly LiveSystemLogEntry[]> {
  const recent$ = defer(loadRecent).pipe(
    catchError(() => of<readonly LiveSystemLogEntry[]>([])),
    startWith<readonly LiveSystemLogEntry[]>([]),
  );
  return combineLatest([recent$, live$.pipe(startWith<readonly LiveSystemLogEntry[]>([]))]).pipe(
    map(([recent, live]) => newestFirst(recent, live).slice(0, RECENT_ALERTS)),
  );
}

/** Loads the environment's most recent alerts (needs logs view: a session without it gets none). */
export const recentAlertsOf =
  (client: Pick<ApiClient, 'call'>, environmentId: number) => async (): Promise<readonly LiveSystemLogEntry[]> =>
    (
      await client.call(API.logs.systemLogs, {
        params: { environmentId },
        query: { alerts_only: 'true', page_size: RECENT_ALERTS },
      })
    ).system_logs;
