import { readFile } from 'node:fs/promises';
import type { RequestHandler, Response } from 'express';
import { ErrorCode, RfRecordingDownloadRequestSchema, RfRecordingQuerySchema, type RfRecording } from '@halo/shared';
import type { Kysely } from 'kysely';
import type { ProviderContext } from '../../context.js';
import { badRequest } from '../../http/httpError.js';
import { parseBody, parseQuery } from '../../http/parse.js';
import { idNotFound, scoped } from '../../http/tenancy.js';
import { rfRecordingPath } from '../../store/rfRecordingFiles.js';
import type { Database, DeviceRow, RfRecordingRow } from '../../store/schema.js';
import { zipArchive } from './zipArchive.js';

const downloadFailed = (reason: string) =>
  badRequest(ErrorCode.RF_RECORDING_DOWNLOAD, 'RF recording link broken or download failed', { reason });

async function deviceOf(
  db: Kysely<Database>,
  environmentId: number,
  deviceId: number,
): Promise<Pick<DeviceRow, 'id' | 'name' | 'pairing_id'>> {
  const device = await db
    .selectFrom('devices')
    .select(['id', 'name', 'pairing_id'])
    .where('id', '=', deviceId)
    .where('environment_id', '=', environmentId)
    .executeTakeFirst();
  if (!device) throw idNotFound();
  return device;
}

function recordingView(row: RfRecordingRow, device: Pick<DeviceRow, 'id' | 'name' | 'pairing_id'>): RfRecording {
  return {
    report_uuid: row.report_uuid,
    device_id: device.id,
    device_name: device.name,
    serial: device.pairing_id,
    start_time: new Date(row.start_time).toISOString(),
    end_time: row.end_time === null ? null : new Date(row.end_time).toISOString(),
  };
}

/** A name safe inside a quoted header parameter and on every file system. */
const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');
const stamp = (time: number) =>
  new Date(time)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** A download: the name is already safe, so it is always sent quoted and plain. */
function sendFile(response: Response, fileName: string, contentType: string, data: Buffer) {
  response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  response.type(contentType).send(data);
}

/** GET config/{env}/rf_data_recordings?device_id=N: the device's recordings, newest first. */
export function listRfRecordings(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { device_id: deviceId } = parseQuery(RfRecordingQuerySchema, request.query);
    const device = await deviceOf(context.db, scoped(request).target.id, deviceId);
    const rows = await context.db
      .selectFrom('rf_recordings')
      .selectAll()
      .where('device_id', '=', device.id)
      .orderBy('start_time', 'desc')
      .orderBy('id', 'desc')
      .execute();
    response.json({ rf_recordings: rows.map((row) => recordingView(row, device)) });
  };
}

/**
 * POST config/{env}/rf_data_recordings_download {report_uuids, device_id}: one recording
 * comes back as its file, several as a zip, named in Content-Disposition. A uuid that is not
 * this device's recording, or whose file is missing, is error 111 and sends nothing.
 */
export function downloadRfRecordings(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { report_uuids: uuids, device_id: deviceId } = parseBody(RfRecordingDownloadRequestSchema, request.body);
    const device = await deviceOf(context.db, scoped(request).target.id, deviceId);
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
      const name = `${base}_${stamp(single.row.start_time)}.iq`;
      sendFile(response, name, 'application/octet-stream', single.data);
      return;
    }
    const archive = zipArchive(
      present.map(({ row, data }) => ({
        name: `${base}_${stamp(row.start_time)}_${row.report_uuid}.iq`,
        data,
        modified: new Date(row.start_time),
      })),
    );
    sendFile(response, `${base}_rf_recordings.zip`, 'application/zip', archive);
  };
}
