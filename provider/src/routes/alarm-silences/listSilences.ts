import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { silenceView } from '../../store/alarmSilences.js';

/** GET config/{env}/alarm_silences: the environment's silences in force or to come, the soonest ending first. */
export const listSilences = route(API.silences.list, (context) => async ({ auth: { target } }) => {
  const rows = await context.db
    .selectFrom('alarm_silences')
    .selectAll()
    .where('environment_id', '=', target.id)
    .where('ends_at', '>', context.now())
    .orderBy('ends_at')
    .orderBy('id')
    .execute();
  return { silences: rows.map(silenceView) };
});
