import { API, CSV_MEDIA_TYPE } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { silencesInForce } from '../../store/alarmSilences.js';
import { csvChunks, everyRow, exportFileName } from '../logs/logPage.js';
import { ALARM_CSV_HEADER, alarmCells, alarmConditions, selectAlarms } from './alarmQuery.js';

/** GET config/{env}/alarms/export: every alarm the filters select, newest first, streamed as CSV (formula-safe). */
export const exportAlarms = route(API.alarms.export, (context) => async ({ auth: { target }, query, signal }) => {
  const now = context.now();
  const silences = await silencesInForce(context.db, [target.id], now);
  const read = context.reads.begin('export', signal);
  const batches = everyRow((olderThan, limit) =>
    read.rows(
      selectAlarms(context.db, alarmConditions(target.id, query, olderThan))
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .compile(),
    ),
  );
  return {
    fileName: exportFileName('alarms', context.now()),
    contentType: CSV_MEDIA_TYPE,
    data: csvChunks(ALARM_CSV_HEADER, batches, alarmCells(query.lang, silences, now)),
  };
});
