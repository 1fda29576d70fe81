import { API, USAGE_DETAIL_DEFAULT_DAYS } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { environmentNotFound, isSameOrDescendant } from '../../http/tenancy.js';
import { DAY_MS, utcDayStart } from '../../store/connectivityUsage.js';

const DEFAULT_TOP = 10;

/**
 * GET config/{env}/devices_connectivity/{id}: environment {id} ({env} or one below it, else
 * 404): its connected seconds per UTC day for the last `days` days (30 unless told, today
 * included, days without use as 0) and the `top` devices (10 unless told) by connected time
 * over those days, deleted devices included under their id.
 */
export const getDevicesConnectivityDetail = route(
  API.usage.devicesConnectivityDetail,
  (context) =>
    async ({ auth: { target }, params, query, signal }) => {
      const environment = await context.db
        .selectFrom('environments')
        .selectAll()
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!environment || !(await isSameOrDescendant(context.db, target.id, environment.id)))
        throw environmentNotFound();
      const days = query.days ?? USAGE_DETAIL_DEFAULT_DAYS;
      const today = utcDayStart(context.now());
      const from = today - (days - 1) * DAY_MS;
      const read = context.reads.begin('page', signal);
      const [rows, top] = await read.snapshot([
        context.db
          .selectFrom('environment_connectivity_days')
          .select(['day_start', 'connected_seconds'])
          .where('environment_id', '=', environment.id)
          .where('day_start', '>=', from)
          .compile(),
        context.db
          .selectFrom('device_connectivity_days')
          .leftJoin('devices', 'devices.id', 'device_connectivity_days.device_id')
          .select([
            'device_connectivity_days.device_id as device_id',
            'devices.name as name',
            (eb) => eb.fn.sum<number | string>('device_connectivity_days.connected_seconds').as('seconds'),
          ])
          .where('device_connectivity_days.environment_id', '=', environment.id)
          .where('device_connectivity_days.day_start', '>=', from)
          .groupBy(['device_connectivity_days.device_id', 'devices.name'])
          .orderBy('seconds', 'desc')
          .orderBy('device_connectivity_days.device_id')
          .limit(query.top ?? DEFAULT_TOP)
          .compile(),
      ]);
      const byDay = new Map(rows.map((row) => [Number(row.day_start), Number(row.connected_seconds)]));
      return {
        connectivity_detail: {
          environment_id: environment.id,
          environment_name: environment.name,
          daily: Array.from({ length: days }, (_, index) => {
            const day = from + index * DAY_MS;
            return { date: new Date(day).toISOString().slice(0, 10), seconds: byDay.get(day) ?? 0 };
          }),
          top_devices: top.map((row) => ({
            device_id: row.device_id,
            name: row.name ?? null,
            seconds: Number(row.seconds),
          })),
        },
      };
    },
);
