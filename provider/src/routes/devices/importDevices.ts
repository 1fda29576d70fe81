import {
  API,
  DEVICE_IMPORT_FILE_FIELD,
  DEVICE_IMPORT_MAX_BYTES,
  ErrorCode,
  type DeviceImportResponse,
} from '@halo/shared';
import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

import { route } from '../../http/endpointRoute.js';
import { refuse } from '../../errors/httpError.js';
import { jsonAnswerWith } from '../../http/jsonAnswer.js';
import { saveUploadedFiles, type SavedFile } from '../../http/multipart.js';
import {
  dropStage,
  publishedIds,
  publishStage,
  stageDeviceRows,
  type ImportStage,
} from '../../store/deviceImportStage.js';
import { tenantTreeOf } from '../../store/environments.js';
import { importUploadsDir } from '../../store/importUploads.js';
import { isUniqueViolation } from '../../store/uniqueness.js';
import { uniqueDeviceError } from './createDevice.js';
import { IMPORT_HEADER_REFUSAL, REPORT_ID_MARK, stagedRowsOf, type CheckedImport } from './deviceImportCheck.js';
import { assertDevicesFit, deviceLimitReached, heldInTree, roomOf } from './deviceLimit.js';

/** The import reads its own body, streamed through busboy: a CSV of 10,000+ devices is well above the JSON limit. */
export const DEVICE_IMPORT_MAX_FILE_BYTES = DEVICE_IMPORT_MAX_BYTES;

export type { ImportReportRow } from './deviceImportCheck.js';

const invalidFile = (reason: string) => refuse(ErrorCode.DEVICE_IMPORT_INVALID, { reason });

/** The file in field `file`, or the only file sent. */
function csvFile(files: readonly SavedFile[]): SavedFile | undefined {
  return files.find((file) => file.field === DEVICE_IMPORT_FILE_FIELD) ?? (files.length === 1 ? files[0] : undefined);
}

/**
 * The report's JSON text, each created row's id filled in where the check marked it, a piece at
 * a time with the loop free between pieces.
 */
async function reportText(pieces: readonly string[], ids: readonly number[]): Promise<string> {
  let next = 0;
  const filled: string[] = [];
  for (const piece of pieces) {
    filled.push(piece.replaceAll(REPORT_ID_MARK, () => String(ids[next++])));
    await yieldToLoop();
  }
  return `[${filled.join(',')}]`;
}

/**
 * POST config/{env}/devices/import: multipart/form-data with one CSV file (field `file`).
 * Header row (any order): name,pairing_id,type,is_server,ip_addresses,port_from,port_to (ports_from and
 * ports_to are read too); type 1/HALO or 2/DRONECOMMX, is_server true/false, IP addresses
 * separated by ';' or spaces. Answers a report row per record; the good rows are written in
 * one transaction, a bad row is reported with its line and field and writes nothing. A file
 * that is not such a CSV is error 53 and writes nothing; so is error 54, when the file has more
 * records than the environment's tenant may still take (HALO_ENVIRONMENT_MAX_DEVICES, counted
 * over its whole tree): its records are counted first, and a file too large is refused before
 * any row is checked, bad rows included.
 *
 * No part of it holds the loop that answers everyone for long: the upload is streamed to a file
 * in the data dir (store/importUploads.ts), counted, read and checked in a read worker
 * (deviceImportCheck.ts, whose answer is text), its good rows staged in short statements on the
 * writer and published together (store/deviceImportStage.ts: all or nothing), and the report
 * answered as the text it was made as.
 */
export const importDevices = route(API.devices.import, (context) => async ({ auth, request, signal }) => {
  const { db, dialect, config } = context;
  const importId = randomUUID();
  const upload = await saveUploadedFiles(
    request,
    { maxFileBytes: DEVICE_IMPORT_MAX_FILE_BYTES, maxFiles: 4 },
    importUploadsDir(config.dataDir),
    importId,
  );
  if (!upload.ok) throw invalidFile(upload.reason);
  const environmentId = auth.target.id;
  const stage: ImportStage = { importId, startedAt: context.now() };
  let checked: Extract<CheckedImport, { ok: true }>;
  try {
    const part = csvFile(upload.files);
    if (!part) throw invalidFile(`no file in field '${DEVICE_IMPORT_FILE_FIELD}'`);
    // The name decides, not the type: curl and some browsers send a .csv as application/octet-stream.
    if (!/\.csv$/i.test(part.fileName)) throw invalidFile('not a .csv file');
    const file = { path: part.path };
    const read = context.reads.begin('export', signal);
    const tree = await tenantTreeOf(db, environmentId);
    const counted = await read.shaped(heldInTree(db, tree).compile(), 'deviceImportCount', file);
    if (!counted.ok) throw invalidFile(counted.reason);
    const room = roomOf(tree, config.environmentMaxDevices, counted.held);
    if (counted.records > room.left) throw deviceLimitReached(room);
    const takenQuery = db
      .selectFrom('devices')
      .select(['name', 'pairing_id', 'environment_id', 'is_server', 'port_from', 'port_to'])
      .compile();
    const result = await read.shaped(takenQuery, 'deviceImportCheck', { ...file, environmentId });
    if (!result.ok) throw invalidFile(IMPORT_HEADER_REFUSAL);
    checked = result;
  } finally {
    await upload.remove();
  }
  try {
    let ids: readonly number[] = [];
    if (checked.imported > 0) {
      // A statement per batch, with other requests answered between two.
      let seq = 1;
      for (const [index, batch] of checked.staged.entries()) {
        if (index > 0) await yieldToLoop();
        const rows = stagedRowsOf(batch, seq);
        seq += rows.length;
        await stageDeviceRows(db, stage, rows);
      }
      const published = await publishStage(db, stage, {
        environmentId,
        user: auth.user,
        now: context.now(),
        count: checked.imported,
        // Inside the publishing transaction: two imports cannot together pass the limit.
        guard: (trx) => assertDevicesFit(trx, dialect, environmentId, checked.imported, config.environmentMaxDevices),
      });
      ids = await publishedIds(db, environmentId, published);
    }
    return jsonAnswerWith<DeviceImportResponse>(
      { imported: checked.imported, failed: checked.failed },
      { report: await reportText(checked.report, ids) },
    );
  } catch (error) {
    await dropStage(db, stage);
    if (isUniqueViolation(error)) throw uniqueDeviceError(error);
    throw error;
  }
});
