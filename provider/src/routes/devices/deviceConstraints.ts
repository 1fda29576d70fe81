import {
  can,
  canActOnDevice,
  ErrorCode,
  HttpErrorKind,
  type DeviceInput,
  type DevicePorts,
  type Subject,
} from '@halo/shared';
import type { Kysely } from 'kysely';

import { refuse, refuseAs } from '../../errors/httpError.js';
import { subjectOf, type Scoped } from '../../http/tenancy.js';
import type { Database, DeviceRow } from '../../store/schema.js';
import { listedAmong } from '../../store/allowedDevices.js';
import { takenInEnvironment } from '../../store/uniqueness.js';

export const deviceNameExists = () => refuse(ErrorCode.DEVICE_NAME_EXISTS);

/** A device that already holds what another may not take (its pairing id, its ports). */
export interface DeviceHolder {
  readonly name: string;
  readonly pairingId: string;
  /** Whether it is in the caller's environment: only then is it named. */
  readonly own: boolean;
  readonly ports: DevicePorts | null;
}

/**
 * What error 51's answer carries: the pairing id, and the device holding it when that device is
 * in the caller's environment (a pairing id is unique across environments; another tenant's
 * device is not named).
 */
export function pairingIdConflict(holder: DeviceHolder): Record<string, unknown> {
  return holder.own ? { pairing_id: holder.pairingId, device: holder.name } : { pairing_id: holder.pairingId };
}

/** What error 52's answer carries: the server whose range overlaps, and that range. */
export function portRangeConflict(holder: DeviceHolder): Record<string, unknown> {
  return { device: holder.name, ...(holder.ports ? { ports: holder.ports } : {}) };
}

/** Error 51, naming the holder when the catalogue may (pairingIdConflict); without one, a lost race. */
export const deviceParametersExist = (holder?: DeviceHolder) =>
  refuse(ErrorCode.DEVICE_PARAMETERS_EXIST, holder ? pairingIdConflict(holder) : undefined);
export const portRangeOverlaps = (holder?: DeviceHolder) =>
  refuse(ErrorCode.DEVICE_PORT_RANGE_OVERLAP, holder ? portRangeConflict(holder) : undefined);
export const deviceUpdateForbidden = () => refuseAs(HttpErrorKind.DEVICE_UPDATE_FORBIDDEN);
export const deviceDeleteForbidden = () => refuseAs(HttpErrorKind.DEVICE_DELETE_FORBIDDEN);

/** Port ranges are inclusive: 1024-2000 and 2000-3000 share port 2000 and overlap. */
export function portRangesOverlap(a: DevicePorts, b: DevicePorts): boolean {
  return a.from <= b.to && b.from <= a.to;
}

/**
 * The port ranges of an environment's servers, sorted, for checking many devices at once (an
 * import): error 52 keeps them from overlapping, so sorted by `from` they are sorted by `to`
 * too, and the first range that ends at or after a new range's start is the only candidate
 * for the lowest overlapping one. A lookup is a binary search instead of a scan of every server.
 */
export class ServerRanges {
  private readonly holders: DeviceHolder[] = [];

  /** The holder with the lowest ports among those overlapping `ports`, as POST /devices names it. */
  firstOverlapping(ports: DevicePorts): DeviceHolder | undefined {
    const candidate = this.holders[this.firstEndingFrom(ports.from)];
    return candidate?.ports && portRangesOverlap(candidate.ports, ports) ? candidate : undefined;
  }

  add(holder: DeviceHolder): void {
    if (!holder.ports) return;
    this.holders.splice(this.firstEndingFrom(holder.ports.from), 0, holder);
  }

  /** Index of the first range whose end is at or after `port` (the length when none). */
  private firstEndingFrom(port: number): number {
    let low = 0;
    let high = this.holders.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.holders[middle]?.ports?.to ?? 0) < port) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Error 50: names are unique per environment, whatever their case. */
export async function assertDeviceNameFree(
  db: Kysely<Database>,
  environmentId: number,
  name: string,
  exceptId?: number,
) {
  if (await takenInEnvironment(db, 'devices', 'name', environmentId, name, exceptId)) throw deviceNameExists();
}

function holderOf(
  row: { name: string; pairing_id: string; environment_id: number; port_from: number | null; port_to: number | null },
  environmentId: number,
): DeviceHolder {
  return {
    name: row.name,
    pairingId: row.pairing_id,
    own: row.environment_id === environmentId,
    ports: row.port_from !== null && row.port_to !== null ? { from: row.port_from, to: row.port_to } : null,
  };
}

const HOLDER_COLUMNS = ['name', 'pairing_id', 'environment_id', 'port_from', 'port_to'] as const;

/** Error 51: a pairing id (serial) belongs to one device in the whole installation. */
export async function assertPairingIdFree(
  db: Kysely<Database>,
  environmentId: number,
  pairingId: string,
  exceptId?: number,
) {
  let query = db
    .selectFrom('devices')
    .select(HOLDER_COLUMNS)
    .where((eb) => eb(eb.fn('lower', ['pairing_id']), '=', pairingId.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const holder = await query.executeTakeFirst();
  if (holder) throw deviceParametersExist(holderOf(holder, environmentId));
}

/** Error 52: the port ranges of two server devices of one environment must not overlap. */
export async function assertPortsFree(
  db: Kysely<Database>,
  environmentId: number,
  ports: DevicePorts | null,
  exceptId?: number,
) {
  if (!ports) return;
  let query = db
    .selectFrom('devices')
    .select(HOLDER_COLUMNS)
    .where('environment_id', '=', environmentId)
    .where('is_server', '=', 1)
    .where('port_from', '<=', ports.to)
    .where('port_to', '>=', ports.from)
    .orderBy('port_from');
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const holder = await query.executeTakeFirst();
  if (holder) throw portRangeOverlaps(holderOf(holder, environmentId));
}

/** Errors 50, 51 and 52 in that order. */
export async function assertDeviceFits(
  db: Kysely<Database>,
  environmentId: number,
  device: DeviceInput,
  exceptId?: number,
) {
  await assertDeviceNameFree(db, environmentId, device.name, exceptId);
  await assertPairingIdFree(db, environmentId, device.pairing_id, exceptId);
  await assertPortsFree(db, environmentId, device.ports, exceptId);
}

/**
 * Section 6 for one device: plain update/delete reach the devices the user created or holds in
 * their allowed list (`listed`), the all-variants any device. The single calls and the bulk
 * call ask this, each with `listed` read its own way (one device, or a batch: listedAmong).
 */
export function mayActOnDevice(
  subject: Subject,
  action: DeviceAction,
  device: Pick<DeviceRow, 'id' | 'created_by'>,
  listed: boolean,
): boolean {
  return canActOnDevice({ ...subject, allowed_device_ids: listed ? [device.id] : [] }, action, device);
}

export type DeviceAction = 'update' | 'delete';

/** The single calls' refusal when mayActOnDevice says no: 403 of the action's own kind. */
export const deviceActionForbidden = (action: DeviceAction) =>
  action === 'update' ? deviceUpdateForbidden() : deviceDeleteForbidden();

/** The capability an action on devices needs at all (52/53, 54/55), refused with the action's own 403. */
export function assertDeviceCapability(auth: Scoped, action: DeviceAction) {
  if (!can(subjectOf(auth), action === 'update' ? 'devices.update' : 'devices.delete')) {
    throw deviceActionForbidden(action);
  }
}

/** Section 6: plain update/delete reach own or allowed devices, the all-variants any device. */
export async function assertMayActOnDevice(
  db: Kysely<Database>,
  auth: Scoped,
  action: DeviceAction,
  device: DeviceRow,
) {
  const listed = (await listedAmong(db, auth.user.id, [device.id])).has(device.id);
  if (!mayActOnDevice(subjectOf(auth), action, device, listed)) throw deviceActionForbidden(action);
}
