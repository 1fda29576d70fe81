/**
 * The column format of a fleet (fleetSnapshotCodec.ts tells why): which fields have columns,
 * the flag bits and location kinds, the schema a decoder accepts and the shape an encoder
 * writes. fleetColumnsEncoder.ts writes it, fleetColumnsDecoder.ts reads it.
 */
import { z } from 'zod';
import type { DeviceLiveState } from './events.js';

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
export const FLAG = { server: 1, enabled: 2, activated: 4, hasGnss: 8, gnss: 16 } as const;

/** Per device, what its location is: absent, null, an object without altitude, with altitude. */
export const LOCATION = { absent: 0, none: 1, plain: 2, withAltitude: 3 } as const;

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
/**
 * A text column front-coded: per device, how many leading characters (UTF-16 code units) it
 * shares with the previous device's text, and the rest. Fleets are named in series
 * ('north-halo-0141' after 'north-halo-0140'), so the column compresses to a fraction of the
 * plain list: a 20,000-device snapshot goes from 16.4 to 13.1 bytes a device on the wire.
 */
const FrontCodedSchema = z.strictObject({ shared: column, rest: column });

/** The columns as JSON: every per-device column has one entry per device, in the order of `id`. */
export const FleetColumnsSchema = z.strictObject({
  /** Devices in the snapshot. */
  n: z.number().int().min(0),
  /** Ids, sorted, each written as the difference from the previous one. */
  id: column,
  name: FrontCodedSchema,
  pairing_id: FrontCodedSchema,
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

/** A front-coded text column (FrontCodedSchema): per item, the characters shared with the previous one, and the rest. */
export interface FrontCoded {
  shared: number[];
  rest: string[];
}

/** The columns as the encoder writes them (FleetColumnsSchema says what the decoder accepts). */
export interface FleetColumns {
  n: number;
  id: number[];
  name: FrontCoded;
  pairing_id: FrontCoded;
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
