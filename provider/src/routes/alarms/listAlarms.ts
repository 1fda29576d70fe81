import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { silencesInForce } from '../../store/alarmSilences.js';
import { ALARM_LIST_ORDER, alarmConditions, alarmView, selectAlarms, selectAlarmsWithDevice } from './alarmQuery.js';

/** The page size when the query names none. */
const DEFAULT_PAGE_SIZE = 100;

/** GET config/{env}/alarms: a page of the alarms the filters select (alarmQuery.ts's order), and how many there are. */
export const listAlarms = route(API.alarms.list, (context) => async ({ auth: { target }, query, signal }) => {
  const read = context.reads.begin('page', signal);
  const conditions = alarmConditions(target.id, query);
  const [rows, counted, latest] = await read.snapshot([
    selectAlarmsWithDevice(context.db, conditions)
      .orderBy(ALARM_LIST_ORDER)
      .limit(query.page_size ?? DEFAULT_PAGE_SIZE)
      .offset(query.offset ?? 0)
      .compile(),
    selectAlarms(context.db, conditions)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .compile(),
    context.db
      .selectFrom('alarms')
      .select((eb) => eb.fn.max('revision').as('revision'))
      .where('environment_id', '=', target.id)
      .compile(),
  ] as const);
  const now = context.now();
  const silences = await silencesInForce(context.db, [target.id], now);
  return {
    alarms: rows.map((row) => alarmView(row, silences, now)),
    total: Number(counted[0]?.total ?? 0),
    revision: Number(latest[0]?.revision ?? 0),
  };
});
