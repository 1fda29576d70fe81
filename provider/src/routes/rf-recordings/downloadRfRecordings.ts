import { readFile } from 'node:fs/promises';
import { API, ErrorCode } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { refuse } from '../../errors/httpError.js';
import { findReachable } from '../../http/reachable.js';
import { rfRecordingPath } from '../../store/rfRecordingFiles.js';
import { zipArchive } from './zipArchive.js';

const downloadFailed = (reason: string) => refuse(ErrorCode.RF_RECORDING_DOWNLOAD, { reason });

/** A name safe inside a quoted header parameter and on every file system. */
const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');
const stamp = (time: number) =>
  new Date(time)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * POST config/{env}/rf_data_recordings_download {report_uuids, device_id}: one recording
 * comes back as its file, several as a zip, named in Content-Disposition. A uuid that is not
 * this device's recording, or whose file is missing, is error 111 and sends nothing.
 */
export const downloadRfRecordings = route(
  API.rfRecordings.download,
  (context) =>
    async ({ auth, body: { report_uuids: uuids, device_id: deviceId } }) => {
      const device = await findReachable(context.db, 'devices', auth, deviceId);
      const wanted = [...new Set(uuids.map((uuid) => uuid.toLowerCase()))];
      const rows = await context.db
        .selectFrom('rf_recordings')
        .selectAll()
        .where('device_id', '=', device.id)
        .where('report_uuid', 'in', wanted)
        .orderBy('start_time')
        .execute();
      if (rows.length !== wanted.length) throw downloadFailed('unknown recording');
      const files = await Promise.all(
        rows.map(async (row) => {
          try {
            return { row, data: await readFile(rfRecordingPath(context.config.dataDir, row.file_name)) };
          } catch {
            return null;
          }
        }),
      );
      if (files.some((file) => file === null || file.data.length !== Number(file.row.size_bytes)))
        throw downloadFailed('recording file missing or damaged');
      const present = files.filter((file): file is NonNullable<typeof file> => file !== null);
      const base = safeFileName(`${device.name}_${device.pairing_id}`);
      const [single] = present;
      if (single && present.length === 1) {
        return {
          fileName: `${base}_${stamp(single.row.start_time)}.iq`,
          contentType: 'application/octet-stream',
          data: single.data,
        };
      }
      const archive = zipArchive(
        present.map(({ row, data }) => ({
          name: `${base}_${stamp(row.start_time)}_${row.report_uuid}.iq`,
          data,
          modified: new Date(row.start_time),
        })),
      );
      return { fileName: `${base}_rf_recordings.zip`, contentType: 'application/zip', data: archive };
    },
);
