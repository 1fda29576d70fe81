/** Writes the column format (fleetColumns.ts) of a fleet's live states. */
import { compactLocation } from './devicePatch.js';
import type { DeviceLiveState } from './events.js';
import { FLAG, LOCATION, type FleetColumns, type FrontCoded } from './fleetColumns.js';

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

/** Texts front-coded as they come (FrontCoded): each with what it shares with the one before. */
class FrontCoder {
  readonly column: FrontCoded = { shared: [], rest: [] };
  private previous = '';

  add(text: string): void {
    const limit = Math.min(text.length, this.previous.length);
    let shared = 0;
    while (shared < limit && text.charCodeAt(shared) === this.previous.charCodeAt(shared)) shared += 1;
    // A shared part never ends between the two halves of a surrogate pair: the rest stays well-formed text.
    if (shared > 0 && isHighSurrogate(text.charCodeAt(shared - 1))) shared -= 1;
    this.column.shared.push(shared);
    this.column.rest.push(text.slice(shared));
    this.previous = text;
  }
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

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
    name: { shared: [], rest: [] },
    pairing_id: { shared: [], rest: [] },
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
  const names = new FrontCoder();
  const pairingIds = new FrontCoder();
  let previousId = 0;
  sorted.forEach((device, position) => {
    columns.id.push(device.id - previousId);
    previousId = device.id;
    names.add(device.name);
    pairingIds.add(device.pairing_id);
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
  columns.name = names.column;
  columns.pairing_id = pairingIds.column;
  columns.links = { values: links.values, index: links.index };
  columns.versions = { values: versions.values, index: versions.index };
  return columns;
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
