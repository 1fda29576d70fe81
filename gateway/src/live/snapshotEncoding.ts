import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';
import {
  devicesSnapshotMessage,
  packFleetColumns,
  type DevicesSnapshot,
  type DevicesSnapshotMessage,
} from '@halo/shared';
import { shareEncoding } from './sharedEncoding.js';

const deflateRawAsync = promisify(deflateRaw);

/** Makes a snapshot's message (encodeSnapshotMessage; tests slow it down). */
export type SnapshotEncoder = (snapshot: DevicesSnapshot) => Promise<DevicesSnapshotMessage>;

/**
 * A snapshot's message (shared fleetSnapshotCodec: columns, JSON, raw DEFLATE), marked so its
 * socket.io encoding is made once. The columns are written here; the compression, the costly
 * part, runs in libuv's thread pool, so deltas keep flowing meanwhile.
 */
export async function encodeSnapshotMessage(snapshot: DevicesSnapshot): Promise<DevicesSnapshotMessage> {
  const data = await deflateRawAsync(packFleetColumns(snapshot.devices), { level: 6 });
  return shareEncoding(devicesSnapshotMessage({ ...snapshot, count: snapshot.devices.length }, data));
}
