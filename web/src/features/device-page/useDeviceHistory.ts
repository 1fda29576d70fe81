import { API, type AvailabilityFigures, type DeviceTimeline } from '@halo/shared';
import { api, useApiValue, type ApiValue } from '../../lib/api';
import { timeWindowKey, timeWindowRange, type TimeWindow } from '../../lib/time-window';

/** A call's outcome, kept apart from the other's: a provider may answer one and not the other. */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

/** What the device's page shows of its history over the chosen window. */
export interface DeviceHistory {
  /** The instants asked for (a preset ends when it was asked). */
  readonly from: number;
  readonly to: number;
  readonly timeline: Outcome<DeviceTimeline>;
  /** The device's availability and time to recover over the same window. */
  readonly availability: Outcome<AvailabilityFigures>;
}

const outcomeOf = <T>(settled: PromiseSettledResult<T>): Outcome<T> =>
  settled.status === 'fulfilled' ? { ok: true, value: settled.value } : { ok: false, error: settled.reason };

/**
 * The device's timeline and availability over `timeWindow`, both for the same instants (a preset
 * ending now as the calls go), loaded again when the window changes or on `reload` ("now", or
 * the live status changed).
 */
export function useDeviceHistory(
  environmentId: number,
  deviceId: number,
  timeWindow: TimeWindow,
): ApiValue<DeviceHistory> {
  return useApiValue(
    async (signal) => {
      const range = timeWindowRange(timeWindow, Date.now());
      const [timeline, report] = await Promise.allSettled([
        api.call(API.devices.timeline, { params: { environmentId, id: deviceId }, query: range }, { signal }),
        api.call(
          API.devices.availabilityReport,
          { params: { environmentId }, query: { ...range, device_id: deviceId } },
          { signal },
        ),
      ]);
      return {
        ...range,
        timeline: outcomeOf(timeline),
        availability: outcomeOf(report.status === 'fulfilled' ? { ...report, value: report.value.total } : report),
      };
    },
    `${environmentId}/${deviceId}/${timeWindowKey(timeWindow)}`,
  );
}
