import { ALARM_STATES, Severity, type API, type AlarmState } from '@halo/shared';
import type { z } from 'zod';
import { oneOf, readList, readText } from '../logQuery';

/** The severities an alarm can have (normal is never one). */
export const ALARM_SEVERITIES = [Severity.CRITICAL, Severity.MAJOR, Severity.MINOR] as const;

export interface AlarmFilters {
  /** Active, cleared, or both (null). */
  readonly state: AlarmState | null;
  readonly severities: readonly number[];
  /** Acknowledged, unacknowledged, or both (null). */
  readonly acknowledged: boolean | null;
  readonly deviceName: string;
}

/** The Alarms screen's filters from its address, each value checked (a link may hold anything). */
export function readAlarmFilters(params: URLSearchParams): AlarmFilters {
  const state = params.get('state');
  const acknowledged = params.get('acknowledged');
  return {
    state: (ALARM_STATES as readonly string[]).includes(state ?? '') ? (state as AlarmState) : null,
    severities: readList(params, 'severities', oneOf(ALARM_SEVERITIES)),
    acknowledged: acknowledged === 'yes' ? true : acknowledged === 'no' ? false : null,
    deviceName: readText(params, 'device').slice(0, 64),
  };
}

/** The filters as the list's and the export's query. */
export function alarmQuery(filters: AlarmFilters): Omit<z.input<typeof API.alarms.list.query>, 'offset' | 'page_size'> {
  return {
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.severities.length ? { severities: [...filters.severities] } : {}),
    ...(filters.acknowledged === null ? {} : { acknowledged: filters.acknowledged ? 'true' : 'false' }),
    ...(filters.deviceName ? { device_name: filters.deviceName } : {}),
  };
}
