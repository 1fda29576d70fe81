import {
  canActOnDevice,
  ErrorCode,
  HttpErrorKind,
  type DeviceInput,
  type DevicePorts,
  type Subject,
} from '@halo/shared';
import type { Kysely } from 'kysely';

import { refuse, refuseAs } from '../../http/httpError.js';
import { subjectOf, type Scoped } from '../../http/tenancy.js';
import type { Database, DeviceRow } from '../../store/schema.js';
import { takenInEnvironment } from '../../store/uniqueness.js';

export const deviceNameExists = () => refuse(ErrorCode.DEVICE_NAME_EXISTS);
export const deviceParametersExist = () => refuse(ErrorCode.DEVICE_PARAMETERS_EXIST);
export const portRangeOverlaps = () => refuse(ErrorCode.DEVICE_PORT_RANGE_OVERLAP);
export const deviceUpdateForbidden = () => refuseAs(HttpErrorKind.DEVICE_UPDATE_FORBIDDEN);
export const deviceDeleteForbidden = () => refuseAs(HttpErrorKind.DEVICE_DELETE_FORBIDDEN);

/** Port ranges are inclusive: 1024-2000 and 2000-3000 share port 2000 and overlap. */
export function portRangesOverlap(a: DevicePorts, b: DevicePorts): boolean {
  return a.from <= b.to && b.from <= a.to;
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

/** Error 51: a pairing id (serial) belongs to one device in the whole installation. */
export async function assertPairingIdFree(db: Kysely<Database>, pairingId: string, exceptId?: number) {
  let query = db
    .selectFrom('devices')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['pairing_id']), '=', pairingId.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw deviceParametersExist();
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
    .select('id')
    .where('environment_id', '=', environmentId)
    .where('is_server', '=', 1)
    .where('port_from', '<=', ports.to)
    .where('port_to', '>=', ports.from);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw portRangeOverlaps();
}

/** Errors 50, 51 and 52 in that order. */
export async function assertDeviceFits(
  db: Kysely<Database>,
  environmentId: number,
  device: DeviceInput,
  exceptId?: number,
) {
  await assertDeviceNameFree(db, environmentId, device.name, exceptId);
  await assertPairingIdFree(db, device.pairing_id, exceptId);
  await assertPortsFree(db, environmentId, device.ports, exceptId);
}

/** The columns a device input writes. */
export function deviceInputColumns(device: DeviceInput) {
  return {
    name: device.name,
    pairing_id: device.pairing_id,
    type: device.type,
    is_server: device.is_server ? 1 : 0,
    is_enabled: device.is_enabled ? 1 : 0,
    ip_addresses: JSON.stringify(device.ip_addresses),
    port_from: device.ports?.from ?? null,
    port_to: device.ports?.to ?? null,
    upgrade_policy: JSON.stringify(device.upgrade_policy),
  };
}

async function deviceSubject(db: Kysely<Database>, auth: Scoped, device: DeviceRow): Promise<Subject> {
  const listed = await db
    .selectFrom('user_devices')
    .select('device_id')
    .where('user_id', '=', auth.user.id)
    .where('device_id', '=', device.id)
    .executeTakeFirst();
  return { ...subjectOf(auth), allowed_device_ids: listed ? [device.id] : [] };
}

/** Section 6: plain update/delete reach own or allowed devices, the all-variants any device. */
export async function assertMayActOnDevice(
  db: Kysely<Database>,
  auth: Scoped,
  action: 'update' | 'delete',
  device: DeviceRow,
) {
  if (!canActOnDevice(await deviceSubject(db, auth, device), action, device)) {
    throw action === 'update' ? deviceUpdateForbidden() : deviceDeleteForbidden();
  }
}
