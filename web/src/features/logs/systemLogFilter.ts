import { Severity, ThresholdAttributeType, type SystemLogEntry, type SystemLogFilterSchema } from '@halo/shared';
import type { z } from 'zod';
import { oneOf, readList, readText } from './logQuery';

export const SEVERITIES = Object.values(Severity);
export const ATTRIBUTE_TYPES = Object.values(ThresholdAttributeType).sort((a, b) => a - b);

/** The system log's own filters, as the address holds them. */
export interface SystemLogFilters {
  readonly deviceName: string;
  readonly deviceIds: readonly number[];
  readonly severities: readonly Severity[];
  readonly types: readonly ThresholdAttributeType[];
  readonly alertsOnly: boolean;
}

const positiveId = (item: string) => (/^[1-9]\d{0,15}$/.test(item) ? Number(item) : null);

export function readSystemLogFilters(params: URLSearchParams): SystemLogFilters {
  return {
    deviceName: readText(params, 'device'),
    deviceIds: readList(params, 'devices', positiveId),
    severities: readList(params, 'severities', oneOf(SEVERITIES)),
    types: readList(params, 'types', oneOf(ATTRIBUTE_TYPES)),
    alertsOnly: params.get('alerts') === '1',
  };
}

/** The API's query for the filters (without the time range and paging), as sent. */
export function systemLogQuery(
  filters: SystemLogFilters,
): Omit<z.input<typeof SystemLogFilterSchema>, 'start_date' | 'end_date'> {
  return {
    ...(filters.deviceName ? { device_name: filters.deviceName } : {}),
    ...(filters.deviceIds.length ? { device_ids: [...filters.deviceIds] } : {}),
    ...(filters.severities.length ? { severities: [...filters.severities] } : {}),
    ...(filters.types.length ? { device_attribute_types: [...filters.types] } : {}),
    ...(filters.alertsOnly ? { alerts_only: 'true' as const } : {}),
  };
}

/** Whether a live entry belongs in the list the filters show (the same rules the provider applies). */
export function matchesSystemLogFilters(entry: SystemLogEntry, filters: SystemLogFilters): boolean {
  if (filters.deviceName && !(entry.device_name ?? '').toLowerCase().includes(filters.deviceName.toLowerCase()))
    return false;
  if (filters.deviceIds.length && (entry.device_id === null || !filters.deviceIds.includes(entry.device_id)))
    return false;
  if (filters.severities.length && !filters.severities.includes(entry.severity as Severity)) return false;
  if (
    filters.types.length &&
    (entry.device_attribute_type === null ||
      !filters.types.includes(entry.device_attribute_type as ThresholdAttributeType))
  )
    return false;
  return !filters.alertsOnly || entry.is_alert;
}
