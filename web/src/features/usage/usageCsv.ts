import { connectedHours, csvLine, type ConnectivityData, type ConnectivityDetail } from '@halo/shared';

/** Usage per environment as CSV: seconds as stored and hours as shown (spec section 3). */
export function environmentsCsv(rows: readonly ConnectivityData[]): string {
  const periods = ['current_day', 'current_week', 'current_month', 'current_year'] as const;
  return [
    csvLine([
      'environment_id',
      'environment_name',
      ...periods.flatMap((period) => [`${period}_seconds`, `${period}_hours`]),
    ]),
    ...rows.map((row) =>
      csvLine([
        row.environment_id ?? null,
        row.environment_name,
        ...periods.flatMap((period) => {
          const seconds = row[period] ?? 0;
          return [seconds, connectedHours(seconds)];
        }),
      ]),
    ),
  ].join('');
}

/** One environment's days and top devices as CSV. */
export function detailCsv(detail: ConnectivityDetail): string {
  return [
    csvLine(['date', 'seconds', 'hours']),
    ...detail.daily.map((day) => csvLine([day.date, day.seconds, connectedHours(day.seconds)])),
    csvLine([]),
    csvLine(['device_id', 'device_name', 'seconds', 'hours']),
    ...detail.top_devices.map((device) =>
      csvLine([device.device_id, device.name, device.seconds, connectedHours(device.seconds)]),
    ),
  ].join('');
}
