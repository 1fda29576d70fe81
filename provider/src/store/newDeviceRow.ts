import type { DeviceInput } from '@halo/shared';
import type { NewDevice } from './schema.js';
import type { SqlType } from './sqlCast.js';

/** The columns a device input writes (POST and PUT /devices, an import's rows). */
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

/** Who adds devices, where and when. */
export interface DeviceAddition {
  readonly environmentId: number;
  readonly userId: number;
  readonly now: number;
}

/**
 * What a device a user adds (POST /devices, an import) carries besides its input and its
 * revision: it is not activated until it pairs, it is no simulator's, and it is the user's.
 */
export function addedDeviceColumns(addition: DeviceAddition) {
  return {
    environment_id: addition.environmentId,
    is_activated: 0,
    simulated: 0,
    created_by: addition.userId,
    created_at: addition.now,
    updated_at: addition.now,
  };
}

/** addedDeviceColumns' column types, for an import's INSERT ... SELECT (store/deviceImportStage.ts). */
export const ADDED_DEVICE_COLUMN_TYPES: Readonly<Record<keyof ReturnType<typeof addedDeviceColumns>, SqlType>> = {
  environment_id: 'integer',
  is_activated: 'integer',
  simulated: 'integer',
  created_by: 'integer',
  created_at: 'bigint',
  updated_at: 'bigint',
};

/** The row of a device a user adds through POST /devices; an import's rows get the same columns in SQL. */
export function newDeviceRow(device: DeviceInput, addition: DeviceAddition, revision: number): NewDevice {
  return { ...addedDeviceColumns(addition), ...deviceInputColumns(device), revision };
}
