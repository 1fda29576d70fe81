import { ALARM_CHANGES_MAX, API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { silencesInForce } from '../../store/alarmSilences.js';
import { sql } from 'kysely';
import { alarmView, selectAlarmsWithDevice } from './alarmQuery.js';

/**
 * GET config/{env}/alarms/changes: the environment's alarms changed after `after`, in the order
 * of their changes (alarms_environment_revision, migration 023), each as it is now. Without
 * `after`, none: just the revision to ask after from now on (a live stream's starting point).
 * Every change to an alarm takes a revision inside its transaction, so a reader that follows
 * the revisions misses none.
 */
export const alarmChanges = route(API.alarms.changes, (context) => async ({ auth: { target }, query, signal }) => {
  const read = context.reads.begin('page', signal);
  if (query.after === undefined) {
    const [latest] = await read.rows(
      context.db
        .selectFrom('alarms')
        .select((eb) => eb.fn.max('revision').as('revision'))
        .where('environment_id', '=', target.id)
        .compile(),
    );
    return { alarms: [], revision: Number(latest?.revision ?? 0), more: false };
  }
  const rows = await read.rows(
    selectAlarmsWithDevice(context.db, [sql<boolean>`environment_id = ${target.id}`])
      .where('revision', '>', query.after)
      .orderBy('revision')
      .orderBy('id')
      .limit(ALARM_CHANGES_MAX + 1)
      .compile(),
  );
  const more = rows.length > ALARM_CHANGES_MAX;
  // A transaction's changes share its revision: an answer ends at a whole revision, so the next one misses none of them.
  let answered = more ? rows.slice(0, ALARM_CHANGES_MAX) : rows;
  if (more) {
    const cut = Number(rows[ALARM_CHANGES_MAX]?.revision);
    const whole = answered.filter((row) => Number(row.revision) !== cut);
    answered = whole.length > 0 ? whole : answered;
  }
  const now = context.now();
  const silences = await silencesInForce(context.db, [target.id], now);
  return {
    alarms: answered.map((row) => alarmView(row, silences, now)),
    revision: Number(answered.at(-1)?.revision ?? query.after),
    more,
  };
});
