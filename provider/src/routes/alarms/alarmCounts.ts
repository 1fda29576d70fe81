import { API, SILENCE_NOTICES_MAX, type AlarmCounts } from '@halo/shared';
import { sql } from 'kysely';
import { route } from '../../http/endpointRoute.js';
import { silencedAt, silenceNotices } from '../../store/alarmSilences.js';

/**
 * GET config/{env}/alarms/counts: the active alarms by severity, all, those nobody
 * acknowledged nor silenced, and those a silence covers, with the silences in force (issue 39,
 * item 2). Read in the read pool: in a storm it aggregates thousands of rows, each asked against
 * the silences, and every gateway asks it after each threshold entry.
 */
export const alarmCounts = route(API.alarms.counts, (context) => async ({ auth: { target }, signal }) => {
  const read = context.reads.begin('page', signal);
  const now = context.now();
  const silenced = silencedAt(now);
  const rows = await read.rows(
    context.db
      .selectFrom('alarms')
      .select((eb) => [
        'severity',
        eb.fn.countAll<number>().as('active'),
        // A silenced alarm is expected (planned maintenance): active, but not waiting for anyone.
        sql<number>`sum(case when acknowledged_at is null and not ${silenced} then 1 else 0 end)`.as('unacknowledged'),
        sql<number>`sum(case when ${silenced} then 1 else 0 end)`.as('silenced'),
      ])
      .where('environment_id', '=', target.id)
      .where('cleared_at', 'is', null)
      .groupBy('severity')
      .compile(),
  );
  const notices = await silenceNotices(context.db, target.id, now);
  const counts: AlarmCounts = {
    active: [0, 0, 0, 0],
    unacknowledged: [0, 0, 0, 0],
    silenced: [0, 0, 0, 0],
    silences: notices.slice(0, SILENCE_NOTICES_MAX),
    silences_total: notices.length,
  };
  for (const row of rows) {
    if (row.severity < 0 || row.severity > 3) continue;
    counts.active[row.severity] = Number(row.active);
    counts.unacknowledged[row.severity] = Number(row.unacknowledged);
    counts.silenced[row.severity] = Number(row.silenced);
  }
  return { alarm_counts: counts };
});
