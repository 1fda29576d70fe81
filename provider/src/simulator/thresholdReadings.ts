import type { Kysely } from 'kysely';
import { inTurns } from '../loopTurns.js';
import type { Database } from '../store/schema.js';
import { environmentThresholds } from '../store/thresholds.js';
import type { SimulatedDevice } from './fleetPlan.js';
import type { ThresholdLogDraft, ThresholdWatch, WatchedDevice } from './thresholdWatch.js';

/** Threshold readings evaluated in one turn of the event loop: about 20 ms of the provider's thread. */
const THRESHOLD_READINGS_PER_TURN = 2000;

const HOUR_MS = 3_600_000;

/** The threshold rules' view of a simulated device; SIM events older than an hour are forgotten here. */
export function watchedDevice(device: SimulatedDevice, now: number): WatchedDevice {
  while (device.simEventTimes.length > 0 && (device.simEventTimes[0] ?? now) < now - HOUR_MS)
    device.simEventTimes.shift();
  return {
    id: device.id,
    name: device.plan.name,
    facts: {
      activated: device.activated,
      connected: device.availability === 1,
      lastSeenAt: device.lastSeenAt,
      temperature: device.activated ? Number(device.temperature.toFixed(1)) : null,
      links: device.links,
      simEventsLastHour: device.simEventTimes.length,
    },
  };
}

/**
 * The log entries of `devices` read against their environment's thresholds as they are now: a
 * changed limit counts from this tick (from the device's next reading in a fleet larger than
 * one tick reads). In slices with a turn of the event loop between them: 10,000 readings at
 * once held the provider's thread for about 90 ms a tick (issue 25).
 */
export async function thresholdLogs(
  db: Kysely<Database>,
  environmentId: number,
  watch: ThresholdWatch,
  devices: readonly SimulatedDevice[],
  now: number,
): Promise<ThresholdLogDraft[]> {
  const thresholds = await environmentThresholds(db, environmentId, now);
  return inTurns(devices, THRESHOLD_READINGS_PER_TURN, (slice) =>
    watch.evaluate(
      slice.map((device) => watchedDevice(device, now)),
      thresholds,
      now,
    ),
  );
}
