import { countLinks, HEATSIGHT_SAMPLE_INTERVAL_MS } from '@halo/shared';
import { positionSample } from '../store/positionSamples.js';
import type { NewPositionSample } from '../store/schema.js';
import type { SimulatedDevice } from './fleetPlan.js';

/**
 * Which devices HeatSight's history samples this tick: a device with a position when its
 * link state (connected, links online) changed since its last sample, or when its last
 * sample is HEATSIGHT_SAMPLE_INTERVAL_MS old. First samples are spread over one interval,
 * so a large fleet does not write all at once.
 */
export function createPositionHistory(intervalMs = HEATSIGHT_SAMPLE_INTERVAL_MS) {
  const last = new Map<number, { time: number; state: string }>();
  return {
    due(environmentId: number, devices: readonly SimulatedDevice[], now: number): NewPositionSample[] {
      const samples: NewPositionSample[] = [];
      for (const device of devices) {
        const position = device.position;
        if (!device.activated || !position) continue;
        const connected = device.availability === 1;
        const links = countLinks(device.links);
        const state = `${connected ? 1 : 0}:${links.online}/${links.total}`;
        const previous = last.get(device.id);
        if (!previous) {
          last.set(device.id, { time: now - ((device.id * 7_919) % intervalMs), state });
          continue;
        }
        if (previous.state === state && now - previous.time < intervalMs) continue;
        last.set(device.id, { time: now, state });
        samples.push(
          positionSample(environmentId, device.id, now, position, {
            connected,
            linksOnline: links.online,
            linksTotal: links.total,
            signals: device.links.cellular.map((modem) =>
              modem.is_online && typeof modem.signal === 'number' ? modem.signal : null,
            ),
          }),
        );
      }
      return samples;
    },
    forget(deviceId: number): void {
      last.delete(deviceId);
    },
  };
}
