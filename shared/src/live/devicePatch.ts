/**
 * Field-level changes of a device's live state, as `devices.delta` carries them (DESIGN.md's
 * live protocol). A patch holds the device's `id` and the fields that changed:
 * - an object merges field by field, recursively (a move sends `location.coordinate` only);
 * - any other value, `null` and arrays included, replaces the old one;
 * - `$replace` names top-level fields taken exactly as the patch gives them, not merged, and
 *   removed when the patch leaves them out: an object that lost a key, a field that went away.
 * A device new to the receiver arrives as its whole state. This is JSON Merge Patch (RFC 7396)
 * except that `null` is a value here (live states use it: no main application status) and
 * removals are named in `$replace`.
 *
 * On the wire the fields have short names (WIRE_NAMES below: `location.coordinate` travels as
 * `l.c`), since a delta of a large fleet carries hundreds of them a second; `diffDeviceLiveState`
 * gives and `applyDeviceLivePatch` takes patches in that form.
 *
 * Written here rather than taken from a merge-patch package because those give `null` the
 * meaning "remove" and apply by mutating the target, while live states are shared immutable
 * objects (the gateway's history and snapshot, the browser's views): applying copies only the
 * path it changes.
 */
import { DeviceLivePatchFieldsSchema, DeviceLiveStateSchema, type DeviceLiveState } from './events.js';

/** One device's change in wire form: its id, the fields that changed and, rarely, `$replace`. */
export type DeviceLivePatch = { readonly id: number; readonly $replace?: readonly string[] } & {
  readonly [field: string]: unknown;
};

/** The patch key naming the fields to replace rather than merge. */
export const PATCH_REPLACE_KEY = '$replace';

type PlainObject = Record<string, unknown>;

const isPlainObject = (value: unknown): value is PlainObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys a patch may never set: they would reach the prototype. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype', PATCH_REPLACE_KEY]);

/**
 * Short wire names, per level of the live state; names not listed travel as they are (link
 * kinds, version names). No short name equals a long one of the same level.
 */
export const WIRE_NAMES = {
  device: {
    name: 'n',
    pairing_id: 'p',
    type: 't',
    is_server: 'sv',
    is_enabled: 'e',
    is_activated: 'a',
    availability: 'v',
    main_app_status: 'm',
    device_state: 's',
    links: 'k',
    location: 'l',
    gnss_lock: 'g',
    versions: 'r',
  },
  location: { coordinate: 'c', altitude: 'h', accuracy: 'q' },
  linkCounts: { online: 'o', total: 't' },
} as const;

type Names = ReadonlyMap<string, string>;
const namesOf = (record: Readonly<Record<string, string>>, inverted = false): Names =>
  new Map(Object.entries(record).map(([long, short]) => (inverted ? [short, long] : [long, short])));
const TO_WIRE = {
  device: namesOf(WIRE_NAMES.device),
  location: namesOf(WIRE_NAMES.location),
  linkCounts: namesOf(WIRE_NAMES.linkCounts),
};
const FROM_WIRE = {
  device: namesOf(WIRE_NAMES.device, true),
  location: namesOf(WIRE_NAMES.location, true),
  linkCounts: namesOf(WIRE_NAMES.linkCounts, true),
};

function renameKeys(value: PlainObject, names: Names): PlainObject {
  const renamed: PlainObject = {};
  for (const [key, inner] of Object.entries(value)) renamed[names.get(key) ?? key] = inner;
  return renamed;
}

/** A patch (or whole state) with its field names translated, level by level. */
function translate(patch: PlainObject, names: typeof TO_WIRE): PlainObject {
  const translated: PlainObject = {};
  for (const [key, value] of Object.entries(patch)) {
    if (key === PATCH_REPLACE_KEY) {
      translated[key] = Array.isArray(value)
        ? (value as unknown[]).map((field) => (typeof field === 'string' ? (names.device.get(field) ?? field) : field))
        : value;
      continue;
    }
    const name = names.device.get(key) ?? key;
    const long = names === TO_WIRE ? key : name;
    let inner = value;
    if (long === 'location' && isPlainObject(value)) inner = renameKeys(value, names.location);
    else if (long === 'links' && isPlainObject(value)) {
      inner = Object.fromEntries(
        Object.entries(value).map(([kind, counts]) => [
          kind,
          isPlainObject(counts) ? renameKeys(counts, names.linkCounts) : counts,
        ]),
      );
    }
    translated[name] = inner;
  }
  return translated;
}

/** A patch with long field names (as the live state has them) in wire form. */
export const encodeDevicePatch = (patch: PlainObject & { id: number }): DeviceLivePatch =>
  translate(patch, TO_WIRE) as DeviceLivePatch;

/** A wire patch with the live state's field names. */
export const decodeDevicePatch = (patch: DeviceLivePatch): PlainObject => translate(patch, FROM_WIRE);

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => key in b && sameValue(a[key], b[key]));
  }
  return false;
}

/** Whether `after` keeps every key of `before`, at every depth: then a merge can reach it. */
function keepsKeys(before: PlainObject, after: PlainObject): boolean {
  return Object.keys(before).every((key) => {
    if (!(key in after)) return false;
    const [inner, next] = [before[key], after[key]];
    return !isPlainObject(inner) || !isPlainObject(next) || keepsKeys(inner, next);
  });
}

/** The merge of `before` into `after` for two objects that keep their keys. */
function diffObject(before: PlainObject, after: PlainObject): PlainObject {
  const patch: PlainObject = {};
  for (const key of Object.keys(after)) {
    const [inner, next] = [before[key], after[key]];
    if (sameValue(inner, next)) continue;
    patch[key] = isPlainObject(inner) && isPlainObject(next) ? diffObject(inner, next) : next;
  }
  return patch;
}

/**
 * The patch from `before` to `after` (the whole state when `before` is unknown), or null when
 * nothing differs.
 */
export function diffDeviceLiveState(
  before: DeviceLiveState | undefined,
  after: DeviceLiveState,
): DeviceLivePatch | null {
  if (!before) return encodeDevicePatch(after);
  const patch: PlainObject = {};
  const replace: string[] = [];
  const previous = before as PlainObject;
  const next = after as PlainObject;
  for (const key of Object.keys(next)) {
    const [inner, value] = [previous[key], next[key]];
    if (value === undefined || sameValue(inner, value)) continue;
    if (isPlainObject(inner) && isPlainObject(value)) {
      if (keepsKeys(inner, value)) patch[key] = diffObject(inner, value);
      else {
        patch[key] = value;
        replace.push(key);
      }
    } else patch[key] = value;
  }
  for (const key of Object.keys(previous)) {
    if (previous[key] !== undefined && next[key] === undefined) replace.push(key);
  }
  if (Object.keys(patch).length === 0 && replace.length === 0) return null;
  return encodeDevicePatch({
    id: after.id,
    ...patch,
    ...(replace.length > 0 ? { [PATCH_REPLACE_KEY]: replace } : {}),
  });
}

function mergeValue(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const merged: PlainObject = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (!FORBIDDEN_KEYS.has(key)) merged[key] = mergeValue(merged[key], value);
  }
  return merged;
}

/**
 * Applies a patch to a state without changing it: a new object, sharing what the patch does
 * not touch. The result is as trustworthy as the patch; a receiver that does not trust its
 * sender validates it (DeviceLiveStateSchema).
 */
export function applyDeviceLivePatch(before: DeviceLiveState | undefined, wirePatch: DeviceLivePatch): unknown {
  return mergePatch(before, decodeDevicePatch(wirePatch));
}

function mergePatch(before: DeviceLiveState | undefined, patch: PlainObject): PlainObject {
  const replace = new Set(
    Array.isArray(patch.$replace) ? patch.$replace.filter((key): key is string => typeof key === 'string') : [],
  );
  const merged: PlainObject = before ? { ...before } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    merged[key] = replace.has(key) ? value : mergeValue(merged[key], value);
  }
  for (const key of replace) if (!(key in patch) && !FORBIDDEN_KEYS.has(key)) delete merged[key];
  return merged;
}

/** Objects a patch merges into: filling one that is missing needs a check of the whole state. */
const MERGED_OBJECTS = ['links', 'location', 'versions'] as const;

/**
 * What a receiver that does not trust its sender does with a wire patch: the new, valid state,
 * or null when the patch does not give one (its copy is off: it should ask for a snapshot).
 * The patch's own fields are checked; the whole state only for a device new to the receiver,
 * a `$replace`, or an object filled in where there was none.
 */
export function patchDeviceLiveState(
  before: DeviceLiveState | undefined,
  wirePatch: DeviceLivePatch,
): DeviceLiveState | null {
  const fields = decodeDevicePatch(wirePatch);
  const merged = mergePatch(before, fields) as DeviceLiveState;
  const links = fields.links;
  const fillsMissing =
    MERGED_OBJECTS.some((key) => key in fields && fields[key] !== null && !isPlainObject(before?.[key])) ||
    (isPlainObject(links) && Object.keys(links).some((kind) => !isPlainObject(before?.links?.[kind])));
  if (!before || PATCH_REPLACE_KEY in fields || fillsMissing) {
    const whole = DeviceLiveStateSchema.safeParse(merged);
    return whole.success ? whole.data : null;
  }
  return DeviceLivePatchFieldsSchema.safeParse(fields).success ? merged : null;
}

/**
 * One shared object per distinct link counts or versions value: a fleet has a few hundred of
 * them for 100,000 devices. States are never changed in place (patches copy what they change),
 * so sharing is safe; it saves memory and lets the snapshot codec find repeated values by
 * identity instead of writing each one out.
 */
const internedValues = new Map<string, object>();
const INTERNED_MAX = 50_000;

function interned<T extends object>(value: T, keyOf: (value: T) => string): T {
  const key = keyOf(value);
  const known = internedValues.get(key) as T | undefined;
  if (known) return known;
  if (internedValues.size >= INTERNED_MAX) internedValues.clear();
  internedValues.set(key, value);
  return value;
}

// JSON text: unambiguous whatever the link kinds and version names hold.
const linksKey = (links: NonNullable<DeviceLiveState['links']>) => `k${JSON.stringify(links)}`;
const versionsKey = (versions: NonNullable<DeviceLiveState['versions']>) => `r${JSON.stringify(versions)}`;

/** Coordinates to 5 decimals (about 1 m, what the console shows), accuracy to 0.1 m, altitude to 1 m; never -0. */
const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  // `+ 0` turns -0 into 0, as JSON does: a state is the same whichever way it travelled.
  return Math.round(value * factor) / factor + 0;
};

/**
 * What the live feed keeps of an upstream devices_state entry: no `updated_at` and no location
 * time (the delta's `changedAt` carries when things changed), positions to the precision the
 * console shows. Smaller states make smaller patches: a vehicle's move is its coordinate only.
 * A new object; equal link and version objects are not shared (compactDeviceLiveState does that).
 */
export function trimDeviceLiveState(device: DeviceLiveState): DeviceLiveState {
  const { updated_at: _updatedAt, location, ...rest } = device;
  if (location === undefined) return rest;
  if (location === null) return { ...rest, location: null };
  return { ...rest, location: compactLocation(location) };
}

/** A location as the live feed keeps it (trimDeviceLiveState): no time, rounded. */
export function compactLocation(
  location: NonNullable<DeviceLiveState['location']>,
): NonNullable<DeviceLiveState['location']> {
  const compact: NonNullable<DeviceLiveState['location']> = {
    coordinate: location.coordinate.map((value) => round(value, 5)),
    accuracy: round(location.accuracy, 1),
  };
  if (location.altitude !== undefined)
    compact.altitude = location.altitude === null ? null : round(location.altitude, 0);
  return compact;
}

/** trimDeviceLiveState, with one shared object per distinct link counts and versions value. */
export function compactDeviceLiveState(device: DeviceLiveState): DeviceLiveState {
  const compact = trimDeviceLiveState(device);
  if (compact.links) compact.links = interned(compact.links, linksKey);
  if (compact.versions) compact.versions = interned(compact.versions, versionsKey);
  return compact;
}
