/** Reads the column format (fleetColumns.ts) back into live states, each one checked. */
import { z } from 'zod';
import { DeviceLiveStateSchema, LinkCountsSchema, type DeviceLiveState } from './events.js';
import { FLAG, FleetColumnsSchema, FleetSnapshotDecodeError, LOCATION } from './fleetColumns.js';

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

/**
 * Reads a front-coded text column (fleetColumns.ts, FrontCoded) item by item, in order: each
 * text is what it shares with the previous one and its rest; a shared length that is not a whole
 * number or longer than the previous text is refused.
 */
function frontDecoder(
  shared: readonly unknown[],
  rest: readonly unknown[],
  name: string,
): (position: number) => string {
  let previous = '';
  return (position) => {
    const length = item(shared, position, isInteger, `${name}.shared`);
    if (length < 0 || length > previous.length)
      throw new FleetSnapshotDecodeError(`${name}.shared[${position}] is not valid`);
    previous = previous.slice(0, length) + item(rest, position, isString, `${name}.rest`);
    return previous;
  };
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
    columns.name.shared,
    columns.name.rest,
    columns.pairing_id.shared,
    columns.pairing_id.rest,
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

  const names = frontDecoder(columns.name.shared, columns.name.rest, 'name');
  const pairingIds = frontDecoder(columns.pairing_id.shared, columns.pairing_id.rest, 'pairing_id');
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
      name: names(position),
      pairing_id: pairingIds(position),
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
