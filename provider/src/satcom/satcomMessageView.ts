import { SATCOM_PROVIDER_SATELLITE_MESSAGING, type SatcomMessage } from '@halo/shared';
import type { Selectable } from 'kysely';
import type { SatcomMessagesTable } from '../store/schema.js';

export type SatcomMessageRow = Selectable<SatcomMessagesTable>;

const isoOrNull = (time: number | null) => (time === null ? null : new Date(time).toISOString());

/** A stored satellite message as section 3's messaging log entry: what the log lists and the forwarder sends. */
export const satcomMessageOf = (row: SatcomMessageRow): SatcomMessage => ({
  id: row.id,
  device_id: row.device_id,
  log_time: new Date(row.log_time).toISOString(),
  satcom_timestamp: isoOrNull(row.satcom_time),
  halo_name: row.halo_name,
  halo_serial: row.halo_serial,
  satcom_imei: row.satcom_imei,
  network: row.network,
  severity: row.severity,
  description: row.description,
  lat: row.latitude,
  long: row.longitude,
  altitude: row.altitude,
  ...(row.link_status === null ? {} : { link_status: row.link_status as SatcomMessage['link_status'] }),
  provider: SATCOM_PROVIDER_SATELLITE_MESSAGING,
});
