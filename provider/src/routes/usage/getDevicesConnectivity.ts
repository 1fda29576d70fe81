import { sql } from 'kysely';
import { API, USAGE_ENVIRONMENTS_PAGE_MAX, type ConnectivityData } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';
import { descendantsOf, environmentNotFound, isSameOrDescendant } from '../../http/tenancy.js';
import { DAY_MS, utcDayStart } from '../../store/connectivityUsage.js';
import type { EnvironmentRow } from '../../store/schema.js';

/** Start (UTC midnight, epoch ms) of the day, the ISO week (Monday), the month and the year holding `now`. */
export function usagePeriods(now: number) {
  const day = utcDayStart(now);
  const date = new Date(day);
  const daysSinceMonday = (date.getUTCDay() + 6) % 7;
  return {
    day,
    week: day - daysSinceMonday * DAY_MS,
    month: Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1),
    year: Date.UTC(date.getUTCFullYear(), 0, 1),
  };
}

const IDS_PER_QUERY = 500;

/**
 * GET config/{env}/devices_connectivity[?sub_environment_id=N]: seconds connected in the
 * current day, week (from Monday), month and year, UTC, one row per environment: the call's
 * environment and every one below it, or only `sub_environment_id` (which must be one of
 * those, else 404). A row counts the devices of that environment only, not of its children.
 * The root's rows span every tenant's environments, and tenants are not limited: the answer is
 * a page of them (`offset`, at most `limit`, USAGE_ENVIRONMENTS_PAGE_MAX), its sums read for
 * that page alone, with `total` the rows in all.
 */
export const getDevicesConnectivity = route(
  API.usage.devicesConnectivity,
  (context) =>
    async ({ auth: { target }, query, signal }) => {
      let listed: EnvironmentRow[];
      if (query.sub_environment_id === undefined) {
        listed = [target, ...(await descendantsOf(context.db, target.id))];
      } else {
        const sub = await context.db
          .selectFrom('environments')
          .selectAll()
          .where('id', '=', query.sub_environment_id)
          .executeTakeFirst();
        if (!sub || !(await isSameOrDescendant(context.db, target.id, sub.id))) throw environmentNotFound();
        listed = [sub];
      }
      const offset = query.offset ?? 0;
      const environments = listed.slice(offset, offset + (query.limit ?? USAGE_ENVIRONMENTS_PAGE_MAX));
      const periods = usagePeriods(context.now());
      // The week may begin in the previous year.
      const from = Math.min(periods.week, periods.year);
      const read = context.reads.begin('page', signal);
      const totals = new Map<number, Omit<ConnectivityData, 'environment_id' | 'environment_name'>>();
      for (let start = 0; start < environments.length; start += IDS_PER_QUERY) {
        const ids = environments.slice(start, start + IDS_PER_QUERY).map((environment) => environment.id);
        const since = (periodStart: number) =>
          sql<number | string | null>`sum(case when day_start >= ${periodStart} then connected_seconds else 0 end)`;
        const rows = await read.rows(
          context.db
            .selectFrom('environment_connectivity_days')
            .select([
              'environment_id',
              since(periods.day).as('current_day'),
              since(periods.week).as('current_week'),
              since(periods.month).as('current_month'),
              since(periods.year).as('current_year'),
            ])
            .where('environment_id', 'in', ids)
            .where('day_start', '>=', from)
            .groupBy('environment_id')
            .compile(),
        );
        // PostgreSQL answers sums of bigint as numeric, which arrives as a string.
        for (const row of rows)
          totals.set(row.environment_id, {
            current_day: Number(row.current_day ?? 0),
            current_week: Number(row.current_week ?? 0),
            current_month: Number(row.current_month ?? 0),
            current_year: Number(row.current_year ?? 0),
          });
      }
      const connectivity: ConnectivityData[] = environments.map((environment) => ({
        environment_id: environment.id,
        environment_name: environment.name,
        ...(totals.get(environment.id) ?? { current_day: 0, current_week: 0, current_month: 0, current_year: 0 }),
      }));
      return { connectivity_data: connectivity, total: listed.length };
    },
);
