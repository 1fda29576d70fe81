import { writeRfRecordingFile } from '../store/rfRecordingFiles.js';
import type { SimulatedDevice } from './fleetPlan.js';
import type { Random } from './random.js';

/** An RF recording a tick made: its file is written, its row is the tick's to write (tickWrites.ts). */
export interface SimulatedRecording {
  readonly deviceId: number;
  readonly uuid: string;
  readonly start: number;
  readonly size: number;
}

/** A v4-shaped uuid from the seeded generator, so recordings are deterministic too. */
export function seededUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((random.int(0, 15) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/**
 * With probability `chance`, a random device of the fleet records: when it is activated, a
 * file of 2-8 KB of seeded noise is written under the data dir and the recording answered.
 */
export async function maybeRecord(
  random: Random,
  devices: readonly SimulatedDevice[],
  chance: number,
  dataDir: string,
  now: number,
): Promise<SimulatedRecording | null> {
  if (!random.chance(chance)) return null;
  const candidate = devices[random.int(0, devices.length - 1)];
  if (!candidate?.activated) return null;
  const size = random.int(2048, 8192);
  const data = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) data[index] = random.int(0, 255);
  const uuid = seededUuid(random);
  const recording = { deviceId: candidate.id, uuid, start: now - random.int(10, 300) * 1000, size };
  await writeRfRecordingFile(dataDir, `${uuid}.iq`, data);
  return recording;
}
