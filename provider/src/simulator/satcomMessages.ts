import { SatcomLinkStatus, Severity } from '@halo/shared';
import type { NewSatcomMessage } from '../store/schema.js';
import type { SimulatedDevice } from './fleetPlan.js';
import { createRandom, sampleIndexes, type Random } from './random.js';

export type SatcomDraft = Omit<NewSatcomMessage, 'environment_id' | 'log_time'>;

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * The devices that send a satellite message this tick: each modem-carrying, activated
 * device with probability `chance`, drawn as a count and a sample so a tick costs the
 * messages it sends, not the size of the fleet.
 */
export function pickSatcomSenders(
  random: Random,
  modems: readonly SimulatedDevice[],
  chance: number,
): SimulatedDevice[] {
  const expected = modems.length * chance;
  const count = Math.floor(expected) + (random.chance(expected - Math.floor(expected)) ? 1 : 0);
  if (count === 0) return [];
  return sampleIndexes(random, modems.length, count)
    .map((index) => modems[index])
    .filter((device): device is SimulatedDevice => device?.activated === true);
}

/**
 * One message as the satellite provider delivers it: a position report most of the time,
 * otherwise an alert. A device without its terrestrial links reports that over satellite.
 */
export function satcomMessage(device: SimulatedDevice, random: Random, now: number): SatcomDraft {
  const modem = device.plan.satcom;
  let severity: Severity;
  let description: string;
  if (device.availability !== 1) {
    severity = Severity.MAJOR;
    description = 'terrestrial links down, reporting over satellite';
  } else {
    const roll = random.next();
    if (roll < 0.7) {
      severity = Severity.NORMAL;
      description = 'position report';
    } else if (roll < 0.85) {
      severity = Severity.MINOR;
      description = `low battery, ${random.int(8, 20)}%`;
    } else if (roll < 0.96) {
      severity = Severity.MAJOR;
      description = `geofence alert at the edge of the ${device.plan.region.name} operating area`;
    } else {
      severity = Severity.CRITICAL;
      description = 'emergency (SOS) alert';
    }
  }
  const position = device.position;
  return {
    device_id: device.id,
    halo_name: device.plan.name,
    halo_serial: device.plan.pairingId,
    satcom_imei: modem?.imei ?? null,
    network: modem?.network ?? null,
    severity,
    description,
    latitude: position ? round(position.latitude, 6) : null,
    longitude: position ? round(position.longitude, 6) : null,
    altitude: position && device.altitude !== null ? round(device.altitude, 1) : null,
    link_status: SatcomLinkStatus.TRANSMITTED,
    // Satellite delivery takes seconds to a minute or so.
    satcom_time: now - random.int(2, 90) * 1000,
  };
}

/**
 * A tick's satellite messages. They draw from a stream of their own (from the seed and the
 * tick), so a tick's other changes are the same with or without them.
 */
export function tickSatcomMessages(
  seed: number,
  tickNumber: number,
  modems: readonly SimulatedDevice[],
  chance: number,
  now: number,
): SatcomDraft[] {
  const random = createRandom((Math.imul(seed + 7, 0x2c1b3c6d) ^ Math.imul(tickNumber, 0x297a2d39)) >>> 0);
  return pickSatcomSenders(random, modems, chance).map((device) => satcomMessage(device, random, now));
}
