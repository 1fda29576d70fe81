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
import { z } from 'zod';
import { compactLocation } from './devicePatch.js';
import {
  DeviceLiveStateSchema,
  DevicesSnapshotMessageSchema,
  FLEET_SNAPSHOT_ENCODING,
  LinkCountsSchema,
  type BinaryData,
  type DeviceLiveState,
  type DevicesSnapshot,
  type DevicesSnapshotMessage,
} from './events.js';

/** The fields that have columns; `updated_at` travels in `extra` (checked here: a new field needs a column or `extra`). */
type ColumnField =
  | 'id'
  | 'name'
  | 'pairing_id'
  | 'type'
  | 'is_server'
  | 'is_enabled'
  | 'is_activated'
  | 'availability'
  | 'main_app_status'
  | 'device_state'
  | 'links'
  | 'location'
  | 'gnss_lock'
  | 'versions';
const onlyUpdatedAtWithoutColumn: Exclude<keyof DeviceLiveState, ColumnField> extends 'updated_at' ? true : never =
  true;
void onlyUpdatedAtWithoutColumn;

/** Bits of the `flags` column. */
const FLAG = { server: 1, enabled: 2, activated: 4, hasGnss: 8, gnss: 16 } as const;

/** Per device, what its location is: absent, null, an object without altitude, with altitude. */
const LOCATION = { absent: 0, none: 1, plain: 2, withAltitude: 3 } as const;

/**
 * A column: a list whose items the decoder checks one by one as it rebuilds the states (a
 * schema over every item of a 100,000-long list would walk it twice).
 */
const column = z.custom<unknown[]>((value) => Array.isArray(value), 'a column is not a list');
const DictionarySchema = z.strictObject({
  values: column,
  /** Per device, the index of its value; -1 when the device has none. */
  index: column,
});

/** The columns as JSON: every per-device column has one entry per device, in the order of `id`. */
const FleetColumnsSchema = z.strictObject({
  /** Devices in the snapshot. */
  n: z.number().int().min(0),
  /** Ids, sorted, each written as the difference from the previous one. */
  id: column,
  name: column,
  pairing_id: column,
  type: column,
  flags: column,
  availability: column,
  main_app_status: column,
  device_state: column,
  links: DictionarySchema,
  versions: DictionarySchema,
  /** Per device, LOCATION's kind; the columns below hold one entry per device with a location object. */
  location: column,
  longitude: column,
  latitude: column,
  accuracy: column,
  /** One entry per location with altitude. */
  altitude: column,
  /** [device position, fields that replace the columns' ones], for what the columns cannot hold. */
  extra: z.array(z.tuple([z.number().int().min(0), z.record(z.string(), z.unknown())])),
});

/** The columns as the encoder writes them (FleetColumnsSchema says what the decoder accepts). */
export interface FleetColumns {
  n: number;
  id: number[];
  name: string[];
  pairing_id: string[];
  type: number[];
  flags: number[];
  availability: (number | null)[];
  main_app_status: (number | null)[];
  device_state: number[];
  links: { values: unknown[]; index: number[] };
  versions: { values: unknown[]; index: number[] };
  location: number[];
  longitude: number[];
  latitude: number[];
  accuracy: number[];
  altitude: (number | null)[];
  extra: [number, Record<string, unknown>][];
}

/** Why a snapshot could not be read. */
export class FleetSnapshotDecodeError extends Error {
  constructor(reason: string) {
    super(`unreadable fleet snapshot: ${reason}`);
    this.name = 'FleetSnapshotDecodeError';
  }
}

/**
 * The JSON text of objects already met, by identity: live states are immutable and a patch
 * copies only what it changes, so the next snapshot of the same fleet finds most of its link
 * and version objects here and writes the text of the changed ones only.
 */
const keyTexts = new WeakMap<object, string>();

function keyText(value: object): string {
  let text = keyTexts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    keyTexts.set(value, text);
  }
  return text;
}

/** Values that recur (link counts, versions) once each, by their JSON text. */
class Dictionary {
  private readonly positions = new Map<string, number>();
  readonly values: unknown[] = [];
  readonly index: number[] = [];

  add(value: object | undefined): void {
    if (value === undefined) {
      this.index.push(-1);
      return;
    }
    const key = keyText(value);
    let position = this.positions.get(key);
    if (position === undefined) {
      position = this.values.length;
      this.positions.set(key, position);
      this.values.push(value);
    }
    this.index.push(position);
  }
}

/** Whether a location fits the columns: two coordinates, an accuracy, maybe an altitude, nothing else. */
function columnLocation(location: NonNullable<DeviceLiveState['location']>): boolean {
  if (location.coordinate.length !== 2) return false;
  for (const key in location)
    if (key !== 'coordinate' && key !== 'accuracy' && key !== 'altitude' && location[key as 'time'] !== undefined)
      return false;
  return true;
}

/**
 * The devices as columns, sorted by id. With `trim`, each device is written as
 * trimDeviceLiveState would make it (no `updated_at`, the location compact) without making it.
 */
export function encodeFleetColumns(devices: Iterable<DeviceLiveState>, trim = false): FleetColumns {
  const sorted = [...devices].sort((a, b) => a.id - b.id);
  const columns: FleetColumns = {
    n: sorted.length,
    id: [],
    name: [],
    pairing_id: [],
    type: [],
    flags: [],
    availability: [],
    main_app_status: [],
    device_state: [],
    links: { values: [], index: [] },
    versions: { values: [], index: [] },
    location: [],
    longitude: [],
    latitude: [],
    accuracy: [],
    altitude: [],
    extra: [],
  };
  const links = new Dictionary();
  const versions = new Dictionary();
  let previousId = 0;
  sorted.forEach((device, position) => {
    columns.id.push(device.id - previousId);
    previousId = device.id;
    columns.name.push(device.name);
    columns.pairing_id.push(device.pairing_id);
    columns.type.push(device.type);
    columns.flags.push(
      (device.is_server ? FLAG.server : 0) |
        (device.is_enabled ? FLAG.enabled : 0) |
        (device.is_activated ? FLAG.activated : 0) |
        (device.gnss_lock === undefined ? 0 : FLAG.hasGnss | (device.gnss_lock ? FLAG.gnss : 0)),
    );
    columns.availability.push(device.availability);
    columns.main_app_status.push(device.main_app_status);
    columns.device_state.push(device.device_state);
    links.add(device.links);
    versions.add(device.versions);
    let extra: Record<string, unknown> | null = null;
    const location = trim && device.location ? compactLocation(device.location) : device.location;
    if (location === undefined) columns.location.push(LOCATION.absent);
    else if (location === null) columns.location.push(LOCATION.none);
    else if (!columnLocation(location)) {
      columns.location.push(LOCATION.absent);
      extra = { location };
    } else {
      columns.location.push(location.altitude === undefined ? LOCATION.plain : LOCATION.withAltitude);
      columns.longitude.push(location.coordinate[0] ?? 0);
      columns.latitude.push(location.coordinate[1] ?? 0);
      columns.accuracy.push(location.accuracy);
      if (location.altitude !== undefined) columns.altitude.push(location.altitude);
    }
    // The live state's one field without a column (the decoder's schema drops unknown ones).
    if (device.updated_at !== undefined && !trim) (extra ??= {}).updated_at = device.updated_at;
    if (extra) columns.extra.push([position, extra]);
  });
  columns.links = { values: links.values, index: links.index };
  columns.versions = { values: versions.values, index: versions.index };
  return columns;
}

const LinksSchema = z.record(z.string(), LinkCountsSchema);
const VersionsSchema = z.record(z.string(), z.string());

/** A dictionary's values, each checked once with its schema. */
function checkedValues<T>(values: readonly unknown[], schema: z.ZodType<T>, column: string): T[] {
  return values.map((value) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new FleetSnapshotDecodeError(`a ${column} value is not valid`);
    return parsed.data;
  });
}

/** Item checks of the columns, as the decoder reads them. */
const isInteger = (value: unknown): value is number => Number.isInteger(value);
const isNullableInteger = (value: unknown): value is number | null => value === null || Number.isInteger(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';

/** A column's item at `position`, checked; the column's name says what was wrong. */
function item<T>(values: readonly unknown[], position: number, check: (value: unknown) => value is T, name: string): T {
  const value = values[position];
  if (!check(value)) throw new FleetSnapshotDecodeError(`${name}[${position}] is not valid`);
  return value;
}

/** The live states back from their columns, each one valid; throws FleetSnapshotDecodeError otherwise. */
export function decodeFleetColumns(input: unknown): DeviceLiveState[] {
  const steps = decodeSteps(input, Number.POSITIVE_INFINITY);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * decodeFleetColumns awaiting `pause()` every `every` devices, so a receiver that serves
 * others (the gateway's loop) lets them in while 100,000 devices are rebuilt and checked.
 */
export async function decodeFleetColumnsInTurns(
  input: unknown,
  every: number,
  pause: () => Promise<void>,
): Promise<DeviceLiveState[]> {
  const steps = decodeSteps(input, every);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** The decoder, stopping (a yield) after every `every` devices. */
function* decodeSteps(input: unknown, every: number): Generator<void, DeviceLiveState[]> {
  const parsed = FleetColumnsSchema.safeParse(input);
  if (!parsed.success) throw new FleetSnapshotDecodeError(parsed.error.issues[0]?.message ?? 'bad columns');
  const columns = parsed.data;
  const { n } = columns;
  const perDevice = [
    columns.id,
    columns.name,
    columns.pairing_id,
    columns.type,
    columns.flags,
    columns.availability,
    columns.main_app_status,
    columns.device_state,
    columns.links.index,
    columns.versions.index,
    columns.location,
  ];
  if (perDevice.some((values) => values.length !== n)) throw new FleetSnapshotDecodeError('columns of unequal length');
  const links = checkedValues(columns.links.values, LinksSchema, 'links');
  const versions = checkedValues(columns.versions.values, VersionsSchema, 'versions');
  const dictionaryValue = <T>(values: readonly T[], index: readonly unknown[], position: number, name: string) => {
    const at = item(index, position, isInteger, `${name}.index`);
    if (at === -1) return undefined;
    const value = values[at];
    if (value === undefined) throw new FleetSnapshotDecodeError(`${name}.index[${position}] is out of range`);
    return value;
  };

  const devices = new Array<DeviceLiveState>(n);
  let id = 0;
  let locationAt = 0;
  let altitudeAt = 0;
  for (let position = 0; position < n; position += 1) {
    const step = item(columns.id, position, isInteger, 'id');
    // Sorted ids: every step but the first is positive, so no id comes twice.
    if (position > 0 && step <= 0) throw new FleetSnapshotDecodeError(`id[${position}] is not above the previous one`);
    id += step;
    const flags = item(columns.flags, position, isInteger, 'flags');
    if (flags < 0 || flags > 31) throw new FleetSnapshotDecodeError(`flags[${position}] is not valid`);
    const device: DeviceLiveState = {
      id,
      name: item(columns.name, position, isString, 'name'),
      pairing_id: item(columns.pairing_id, position, isString, 'pairing_id'),
      type: item(columns.type, position, isInteger, 'type'),
      is_server: (flags & FLAG.server) !== 0,
      is_enabled: (flags & FLAG.enabled) !== 0,
      is_activated: (flags & FLAG.activated) !== 0,
      availability: item(columns.availability, position, isNullableInteger, 'availability'),
      main_app_status: item(columns.main_app_status, position, isNullableInteger, 'main_app_status'),
      device_state: item(columns.device_state, position, isInteger, 'device_state'),
    };
    const deviceLinks = dictionaryValue(links, columns.links.index, position, 'links');
    if (deviceLinks !== undefined) device.links = deviceLinks;
    const kind = item(columns.location, position, isInteger, 'location');
    if (kind === LOCATION.none) device.location = null;
    else if (kind === LOCATION.plain || kind === LOCATION.withAltitude) {
      const location: NonNullable<DeviceLiveState['location']> = {
        coordinate: [
          item(columns.longitude, locationAt, isFiniteNumber, 'longitude'),
          item(columns.latitude, locationAt, isFiniteNumber, 'latitude'),
        ],
        accuracy: item(columns.accuracy, locationAt, isFiniteNumber, 'accuracy'),
      };
      locationAt += 1;
      if (kind === LOCATION.withAltitude) {
        location.altitude = item(
          columns.altitude,
          altitudeAt,
          (value): value is number | null => value === null || isFiniteNumber(value),
          'altitude',
        );
        altitudeAt += 1;
      }
      device.location = location;
    } else if (kind !== LOCATION.absent) throw new FleetSnapshotDecodeError(`location[${position}] is not valid`);
    if ((flags & FLAG.hasGnss) !== 0) device.gnss_lock = (flags & FLAG.gnss) !== 0;
    const deviceVersions = dictionaryValue(versions, columns.versions.index, position, 'versions');
    if (deviceVersions !== undefined) device.versions = deviceVersions;
    devices[position] = device;
    if (position % every === every - 1) yield;
  }
  if (
    locationAt !== columns.longitude.length ||
    locationAt !== columns.latitude.length ||
    locationAt !== columns.accuracy.length ||
    altitudeAt !== columns.altitude.length
  )
    throw new FleetSnapshotDecodeError('location columns do not match');
  for (const [position, fields] of columns.extra) {
    const device = devices[position];
    if (!device || 'id' in fields) throw new FleetSnapshotDecodeError('an extra entry does not fit');
    const whole = DeviceLiveStateSchema.safeParse({ ...device, ...fields });
    if (!whole.success) throw new FleetSnapshotDecodeError(`device ${device.id} is not valid`);
    devices[position] = whole.data;
  }
  return devices;
}

/**
 * devices_state with format=columns (the product's extension): the live states as the gateway
 * keeps them (trimDeviceLiveState: no `updated_at`, coordinates rounded), so every device fits
 * the columns and nothing travels in `extra`. 100,000 devices are about a tenth of the JSON
 * list of entries, and the receiver checks them column by column (decodeFleetColumns) instead
 * of one schema parse per entry. The sender shares equal link and version objects between
 * devices, so each distinct one is written once.
 */
export function devicesStateColumns(devices: readonly DeviceLiveState[]): FleetColumns {
  return encodeFleetColumns(devices, true);
}

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
