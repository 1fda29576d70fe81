/**
 * The compact form of a fleet snapshot (`devices.snapshot`): the devices' live states as
 * columns (field names once, numbers as numbers, repeated objects as dictionary indexes),
 * written as JSON and compressed with raw DEFLATE (RFC 1951) into one binary attachment.
 * A 20,000-device snapshot is about 11 MB as a JSON list of objects and a few hundred KB
 * in this form; the gateway encodes it once per environment and seq however many sockets
 * receive it.
 *
 * The encoding is lossless for any valid live state: what does not fit the columns (a location
 * with more than two coordinates or a time, an `updated_at`) travels beside them in `extra` and
 * is put back as it was; fields the live state does not know are dropped, as its schema drops them. The decoder checks every column's types as
 * it rebuilds the states, and a state built with `extra` as a whole, so a receiver gets valid
 * states or an error, never something in between.
 */
import { deflateSync, inflateSync } from 'fflate';
import {
  DevicesSnapshotMessageSchema,
  FLEET_SNAPSHOT_ENCODING,
  type BinaryData,
  type DeviceLiveState,
  type DevicesSnapshot,
  type DevicesSnapshotMessage,
} from './events.js';
import { FleetSnapshotDecodeError } from './fleetColumns.js';
import { decodeFleetColumns } from './fleetColumnsDecoder.js';
import { encodeFleetColumns } from './fleetColumnsEncoder.js';

export { FleetSnapshotDecodeError, type FleetColumns } from './fleetColumns.js';
export { decodeFleetColumns, decodeFleetColumnsInTurns } from './fleetColumnsDecoder.js';
export { devicesStateColumns, encodeFleetColumns } from './fleetColumnsEncoder.js';

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder();

/** The devices as the JSON text of their columns, before compression. */
export function packFleetColumns(devices: Iterable<DeviceLiveState>): Uint8Array {
  return textEncoder.encode(JSON.stringify(encodeFleetColumns(devices)));
}

/** The devices as one compressed binary (columns, JSON, raw DEFLATE), here with fflate. */
export function encodeFleetSnapshotData(devices: Iterable<DeviceLiveState>): Uint8Array {
  return deflateSync(packFleetColumns(devices), { level: 6 });
}

function bytesOf(data: BinaryData): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** The devices of a snapshot's binary form, each valid; throws FleetSnapshotDecodeError otherwise. */
export function decodeFleetSnapshotData(data: BinaryData): DeviceLiveState[] {
  let text: string;
  try {
    text = textDecoder.decode(inflateSync(bytesOf(data)));
  } catch {
    throw new FleetSnapshotDecodeError('not raw DEFLATE data');
  }
  let columns: unknown;
  try {
    columns = JSON.parse(text);
  } catch {
    throw new FleetSnapshotDecodeError('not JSON');
  }
  return decodeFleetColumns(columns);
}

/** The message of a snapshot whose devices were encoded (and compressed) into `data`. */
export function devicesSnapshotMessage(
  snapshot: Omit<DevicesSnapshot, 'devices'> & { readonly count: number },
  data: Uint8Array,
): DevicesSnapshotMessage {
  return {
    environmentId: snapshot.environmentId,
    epoch: snapshot.epoch,
    seq: snapshot.seq,
    count: snapshot.count,
    encoding: FLEET_SNAPSHOT_ENCODING,
    data,
  };
}

/** A snapshot message encoded here (fflate), for tests and tools; the gateway compresses off its event loop. */
export function encodeDevicesSnapshot(snapshot: DevicesSnapshot): DevicesSnapshotMessage {
  return devicesSnapshotMessage(
    { ...snapshot, count: snapshot.devices.length },
    encodeFleetSnapshotData(snapshot.devices),
  );
}

/**
 * What a receiver does with a `devices.snapshot` payload: the decoded snapshot with every
 * device valid, or a FleetSnapshotDecodeError (the sender is not to be trusted with it).
 */
export function decodeDevicesSnapshot(payload: unknown): DevicesSnapshot {
  const message = DevicesSnapshotMessageSchema.safeParse(payload);
  if (!message.success) throw new FleetSnapshotDecodeError(message.error.issues[0]?.message ?? 'not a snapshot');
  const { environmentId, epoch, seq, count, data } = message.data;
  const devices = decodeFleetSnapshotData(data);
  if (devices.length !== count) throw new FleetSnapshotDecodeError(`${devices.length} devices, ${count} announced`);
  return { environmentId, epoch, seq, devices };
}
