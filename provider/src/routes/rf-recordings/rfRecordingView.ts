import type { RfRecording } from '@halo/shared';
import type { DeviceRow, RfRecordingRow } from '../../store/schema.js';

export function recordingView(row: RfRecordingRow, device: Pick<DeviceRow, 'id' | 'name' | 'pairing_id'>): RfRecording {
  return {
    report_uuid: row.report_uuid,
    device_id: device.id,
    device_name: device.name,
    serial: device.pairing_id,
    start_time: new Date(row.start_time).toISOString(),
    end_time: row.end_time === null ? null : new Date(row.end_time).toISOString(),
  };
}
