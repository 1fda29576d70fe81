import { countLinks, HEATSIGHT_SAMPLE_INTERVAL_MS } from '@halo/shared';
import { positionSample } from '../store/positionSamples.js';
import type { NewPositionSample } from '../store/schema.js';
import type { SimulatedDevice } from './fleetPlan.js';

const linkState = (device: SimulatedDevice) => {
  const links = countLinks(device.links);
  return {
    connected: device.availability === 1,
    links,
    key: `${device.availability === 1 ? 1 : 0}:${links.online}/${links.total}`,
  };
};

type Located = SimulatedDevice & { position: NonNullable<SimulatedDevice['position']> };

const sampled = (device: SimulatedDevice): device is Located => device.activated && device.position !== null;

/**
 * Which devices HeatSight's history samples this tick: a device with a position when its
 * link state (connected, links online) changed since its last sample, or when its last
 * sample is HEATSIGHT_SAMPLE_INTERVAL_MS old. First samples are spread over one interval,
 * so a large fleet does not write all at once.
 *
 * A tick costs the devices it changed and those whose interval ends in it, not the fleet:
 * each sample books its device for the second its interval ends (at 100,000 devices a scan
 * of the whole fleet per tick was 8 % of the provider's time).
 */
export function createPositionHistory(intervalMs = HEATSIGHT_SAMPLE_INTERVAL_MS) {
  const last = new Map<number, { time: number; state: string }>();
  const seen = new Set<number>();
  /** Devices by the second their last sample's interval ends; one sampled since is passed over there. */
  const booked = new Map<number, SimulatedDevice[]>();
  let nextSecond: number | null = null;

  const book = (device: SimulatedDevice, time: number) => {
    const second = Math.ceil((time + intervalMs) / 1000);
    const devices = booked.get(second);
    if (devices) devices.push(device);
    else booked.set(second, [device]);
  };

  const take = (environmentId: number, device: Located, now: number) => {
    const state = linkState(device);
    last.set(device.id, { time: now, state: state.key });
    book(device, now);
    return positionSample(environmentId, device.id, now, device.position, {
      connected: state.connected,
      linksOnline: state.links.online,
      linksTotal: state.links.total,
      signals: device.links.cellular.map((modem) =>
        modem.is_online && typeof modem.signal === 'number' ? modem.signal : null,
      ),
    });
  };

  /** A device's first sight: no sample, its first one due somewhere in the next interval. */
  const meet = (device: SimulatedDevice, now: number) => {
    seen.add(device.id);
    if (!sampled(device)) return;
    const time = now - ((device.id * 7_919) % intervalMs);
    last.set(device.id, { time, state: linkState(device).key });
    book(device, time);
  };

  return {
    /** `devices`: the fleet; `changed`: the devices this tick changed. */
    due(
      environmentId: number,
      devices: readonly SimulatedDevice[],
      changed: readonly SimulatedDevice[],
      now: number,
    ): NewPositionSample[] {
      if (seen.size < devices.length) for (const device of devices) if (!seen.has(device.id)) meet(device, now);
      const samples: NewPositionSample[] = [];
      for (const device of changed) {
        if (!sampled(device)) continue;
        const previous = last.get(device.id);
        if (!previous) meet(device, now);
        else if (previous.state !== linkState(device).key) samples.push(take(environmentId, device, now));
      }
      const second = Math.floor(now / 1000);
      for (let current = nextSecond ?? second; current <= second; current += 1) {
        const devicesDue = booked.get(current);
        if (!devicesDue) continue;
        booked.delete(current);
        for (const device of devicesDue) {
          const previous = last.get(device.id);
          // Forgotten, or sampled since it was booked here (it is booked again for later).
          if (!previous || now - previous.time < intervalMs) continue;
          if (sampled(device)) samples.push(take(environmentId, device, now));
          else book(device, now);
        }
      }
      nextSecond = second + 1;
      return samples;
    },
    forget(deviceId: number): void {
      last.delete(deviceId);
      seen.delete(deviceId);
    },
  };
}
