import { API, CSV_MEDIA_TYPE } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { silencesInForce } from '../../store/alarmSilences.js';
import { exportFileName, shapedCsvChunks } from '../logs/logPage.js';
import { ALARM_CSV_HEADER, alarmConditions, selectAlarmsWithDevice } from './alarmQuery.js';

/**
 * GET config/{env}/alarms/export: every alarm the filters select, newest first, streamed as CSV
 * (formula-safe); each batch written as CSV where it was read, in the reader's language, with
 * the silences in force now given to the shaper (the request loop only passes the text on).
 */
export const exportAlarms = route(API.alarms.export, (context) => async ({ auth: { target }, query, signal }) => {
  const now = context.now();
  const silences = await silencesInForce(context.db, [target.id], now);
  const read = context.reads.begin('export', signal);
  return {
    fileName: exportFileName('alarms', context.now()),
    contentType: CSV_MEDIA_TYPE,
    data: shapedCsvChunks(ALARM_CSV_HEADER, (olderThan, limit) =>
      read.shaped(
        selectAlarmsWithDevice(context.db, alarmConditions(target.id, query, olderThan))
          .orderBy('id', 'desc')
          .limit(limit)
          .compile(),
        'alarmCsv',
        { locale: query.lang, silences, now },
      ),
    ),
  };
});
