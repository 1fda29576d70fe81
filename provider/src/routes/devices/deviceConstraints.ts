import type { Request } from 'express';
import {
  apiErrorBody,
  canActOnDevice,
  ErrorCode,
  HttpErrorKind,
  type DeviceInput,
  type DevicePorts,
  type Subject,
} from '@halo/shared';
import type { Kysely } from 'kysely';
import type { ProviderContext } from '../../context.js';
import { badRequest, HttpError } from '../../http/httpError.js';
import { idNotFound, parseId, scoped, subjectOf, type Scoped } from '../../http/tenancy.js';
import type { Database, DeviceRow } from '../../store/schema.js';

export const DEVICE_NAME_EXISTS_MESSAGE = 'Device name already exists';
export const DEVICE_PARAMETERS_EXIST_MESSAGE = 'Device parameters already exists';
export const PORT_RANGE_OVERLAP_MESSAGE = 'Device port range overlaps with other device';

export const deviceNameExists = () => badRequest(ErrorCode.DEVICE_NAME_EXISTS, DEVICE_NAME_EXISTS_MESSAGE);
export const deviceParametersExist = () =>
  badRequest(ErrorCode.DEVICE_PARAMETERS_EXIST, DEVICE_PARAMETERS_EXIST_MESSAGE);
export const portRangeOverlaps = () => badRequest(ErrorCode.DEVICE_PORT_RANGE_OVERLAP, PORT_RANGE_OVERLAP_MESSAGE);
export const deviceUpdateForbidden = () =>
  new HttpError(
    403,
    apiErrorBody(HttpErrorKind.DEVICE_UPDATE_FORBIDDEN, 'You are not permitted to update this device'),
  );
export const deviceDeleteForbidden = () =>
  new HttpError(
    403,
    apiErrorBody(HttpErrorKind.DEVICE_DELETE_FORBIDDEN, 'You are not permitted to delete this device'),
  );

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
  let query = db
    .selectFrom('devices')
    .select('id')
    .where('environment_id', '=', environmentId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw deviceNameExists();
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

/** The device named by {id} in environment {env}; any other id is "ID not found". */
export async function reachableDevice(context: ProviderContext, request: Request): Promise<DeviceRow> {
  const { target } = scoped(request);
  const row = await context.db
    .selectFrom('devices')
    .selectAll()
    .where('id', '=', parseId(request.params.id))
    .where('environment_id', '=', target.id)
    .executeTakeFirst();
  if (!row) throw idNotFound();
  return row;
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
