import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { silenceView } from '../../store/alarmSilences.js';
import { mayEndSilences, silencesWithSetter } from './silenceOwnership.js';

/**
 * GET config/{env}/alarm_silences: the environment's silences in force or to come, the soonest
 * ending first, each saying whether the caller may end it (silenceOwnership.ts).
 */
export const listSilences = route(API.silences.list, (context) => async ({ auth }) => {
  const rows = await silencesWithSetter(context.db, auth)
    .where('alarm_silences.ends_at', '>', context.now())
    .orderBy('alarm_silences.ends_at')
    .orderBy('alarm_silences.id')
    .execute();
  const mayEnd = await mayEndSilences(context.db, auth);
  return { silences: rows.map((row) => silenceView(row, mayEnd(row))) };
});
