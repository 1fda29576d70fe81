import {
  API,
  AuditAction,
  AuditResource,
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_FILE_FIELD,
  DeviceInputSchema,
  DeviceType,
  ERROR_CATALOGUE,
  ErrorCode,
  ValidationKey,
  type DeviceImportReportRow,
  type DeviceInput,
  type DevicePorts,
  utf8Text,
} from '@halo/shared';
import type { Kysely } from 'kysely';

import { route } from '../../http/endpointRoute.js';
import { refuse } from '../../http/httpError.js';
import { readUploadedFiles, type UploadedFile } from '../../http/multipart.js';
import { type Scoped } from '../../http/tenancy.js';
import { takeRevisions } from '../../store/revisions.js';
import type { Database, NewDevice } from '../../store/schema.js';
import { isUniqueViolation } from '../../store/uniqueness.js';
import { uniqueDeviceError } from './createDevice.js';
import { deviceInputColumns, portRangesOverlap } from './deviceConstraints.js';
import { parseCsv, type CsvRecord } from './csvRecords.js';

/** The import reads its own body, streamed through busboy: a CSV of 10,000+ devices is well above the JSON limit. */
export const DEVICE_IMPORT_MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Rows per INSERT: well under the bound-parameter limits of SQLite (32,766) and PostgreSQL (65,535). */
const INSERT_BATCH = 500;

/**
 * Header aliases: the shared columns say port_from/port_to; ports_from/ports_to (the name the
 * `ports` object suggests) are read the same way.
 */
const COLUMN_ALIASES: Readonly<Record<string, string>> = { ports_from: 'port_from', ports_to: 'port_to' };

export interface ImportReportRow extends DeviceImportReportRow {
  /** Line of the file the record starts on; the header is line 1. */
  readonly row: number;
  /** The field that failed, dotted (`ports.from`), or null. */
  readonly field: string | null;
  readonly id?: number;
}

const invalidFile = (reason: string) => refuse(ErrorCode.DEVICE_IMPORT_INVALID, { reason });

/** The file in field `file`, or the only file sent. */
function csvFile(files: readonly UploadedFile[]): UploadedFile | undefined {
  return files.find((file) => file.field === DEVICE_IMPORT_FILE_FIELD) ?? (files.length === 1 ? files[0] : undefined);
}

/** Column index by shared column name, or null when the header is not the import header. */
function headerIndexes(header: CsvRecord | undefined): Map<string, number> | null {
  if (!header) return null;
  const names = header.fields.map((field) => {
    const name = field.trim().toLowerCase();
    return COLUMN_ALIASES[name] ?? name;
  });
  if (names.length !== DEVICE_IMPORT_COLUMNS.length || new Set(names).size !== names.length) return null;
  if (!DEVICE_IMPORT_COLUMNS.every((column) => names.includes(column))) return null;
  return new Map(names.map((name, index) => [name, index]));
}

const TYPE_NAMES: Readonly<Record<string, number>> = {
  '1': DeviceType.HALO,
  '2': DeviceType.DRONECOMMX,
  halo: DeviceType.HALO,
  dronecommx: DeviceType.DRONECOMMX,
};
const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'server']);
const FALSE_WORDS = new Set(['', 'false', '0', 'no', 'n', 'client']);

function integerOrRaw(text: string): number | string {
  return /^-?\d{1,9}$/.test(text) ? Number(text) : text;
}

type RowOutcome = { ok: true; device: DeviceInput } | { ok: false; field: string | null; error: string };

/** One record as the `device` of POST /devices, checked by the same shared schema. */
function readRecord(record: CsvRecord, columns: Map<string, number>): RowOutcome {
  if (record.fields.length !== columns.size) {
    return { ok: false, field: null, error: `expected ${columns.size} columns, found ${record.fields.length}` };
  }
  const cell = (column: string) => (record.fields[columns.get(column) ?? -1] ?? '').trim();
  const typeText = cell('type').toLowerCase();
  const serverText = cell('is_server').toLowerCase();
  if (!TRUE_WORDS.has(serverText) && !FALSE_WORDS.has(serverText))
    return { ok: false, field: 'is_server', error: ValidationKey.INVALID };
  const isServer = TRUE_WORDS.has(serverText);
  const from = cell('port_from');
  const to = cell('port_to');
  const input: Record<string, unknown> = {
    name: cell('name'),
    pairing_id: cell('pairing_id'),
    type: typeText === '' ? undefined : (TYPE_NAMES[typeText] ?? typeText),
    is_server: isServer,
  };
  if (isServer) {
    input.ip_addresses = cell('ip_addresses')
      .split(/[;|\s]+/)
      .filter((address) => address.length > 0);
    if (from !== '' || to !== '') {
      input.ports = {
        ...(from === '' ? {} : { from: integerOrRaw(from) }),
        ...(to === '' ? {} : { to: integerOrRaw(to) }),
      };
    }
  }
  const parsed = DeviceInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      field: issue?.path.map(String).join('.') || null,
      error: issue?.message ?? ValidationKey.INVALID,
    };
  }
  return { ok: true, device: parsed.data };
}

interface Taken {
  readonly names: Set<string>;
  readonly pairingIds: Set<string>;
  readonly ranges: DevicePorts[];
}

async function takenIn(db: Kysely<Database>, environmentId: number): Promise<Taken> {
  const ownRows = await db
    .selectFrom('devices')
    .select(['name', 'is_server', 'port_from', 'port_to'])
    .where('environment_id', '=', environmentId)
    .execute();
  const pairingRows = await db.selectFrom('devices').select('pairing_id').execute();
  return {
    names: new Set(ownRows.map((row) => row.name.toLowerCase())),
    pairingIds: new Set(pairingRows.map((row) => row.pairing_id.toLowerCase())),
    ranges: ownRows
      .filter((row) => row.is_server === 1 && row.port_from !== null && row.port_to !== null)
      .map((row) => ({ from: row.port_from ?? 0, to: row.port_to ?? 0 })),
  };
}

/** Errors 50, 51, 52 against the store and the rows accepted before this one. */
function conflictOf(device: DeviceInput, taken: Taken): { field: string; error: string } | null {
  if (taken.names.has(device.name.toLowerCase()))
    return { field: 'name', error: ERROR_CATALOGUE[ErrorCode.DEVICE_NAME_EXISTS].message };
  if (taken.pairingIds.has(device.pairing_id.toLowerCase()))
    return { field: 'pairing_id', error: ERROR_CATALOGUE[ErrorCode.DEVICE_PARAMETERS_EXIST].message };
  const ports = device.ports;
  if (ports && taken.ranges.some((range) => portRangesOverlap(range, ports)))
    return { field: 'ports', error: ERROR_CATALOGUE[ErrorCode.DEVICE_PORT_RANGE_OVERLAP].message };
  return null;
}

async function insertDevices(
  db: Kysely<Database>,
  auth: Scoped,
  devices: readonly DeviceInput[],
  now: number,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (devices.length === 0) return ids;
  await db.transaction().execute(async (trx) => {
    const firstRevision = await takeRevisions(trx, devices.length);
    for (let start = 0; start < devices.length; start += INSERT_BATCH) {
      const batch = devices.slice(start, start + INSERT_BATCH);
      const rows: NewDevice[] = batch.map((device, index) => ({
        environment_id: auth.target.id,
        ...deviceInputColumns(device),
        is_activated: 0,
        simulated: 0,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
        revision: firstRevision + start + index,
      }));
      const inserted = await trx.insertInto('devices').values(rows).returning(['id', 'pairing_id']).execute();
      for (const row of inserted) ids.set(row.pairing_id, row.id);
      await trx
        .insertInto('user_audits')
        .values(
          batch.map((device) => ({
            environment_id: auth.target.id,
            user_id: auth.user.id,
            username: auth.user.username,
            resource: AuditResource.DEVICE,
            action: AuditAction.CREATE,
            name: device.name,
            detail: `imported, pairing_id ${device.pairing_id}`,
            created_at: now,
          })),
        )
        .execute();
    }
  });
  return ids;
}

/**
 * POST config/{env}/devices/import: multipart/form-data with one CSV file (field `file`).
 * Header row (any order): name,pairing_id,type,is_server,ip_addresses,port_from,port_to (ports_from and
 * ports_to are read too); type 1/HALO or 2/DRONECOMMX, is_server true/false, IP addresses
 * separated by ';' or spaces. Answers a report row per record; the good rows are written in
 * one transaction, a bad row is reported with its line and field and writes nothing. A file
 * that is not such a CSV is error 53 and writes nothing.
 */
export const importDevices = route(API.devices.import, (context) => async ({ auth, request }) => {
  const upload = await readUploadedFiles(request, { maxFileBytes: DEVICE_IMPORT_MAX_FILE_BYTES, maxFiles: 4 });
  if (!upload.ok) throw invalidFile(upload.reason);
  const part = csvFile(upload.files);
  if (!part) throw invalidFile(`no file in field '${DEVICE_IMPORT_FILE_FIELD}'`);
  // The name decides, not the type: curl and some browsers send a .csv as application/octet-stream.
  if (!/\.csv$/i.test(part.fileName)) throw invalidFile('not a .csv file');
  const text = utf8Text(part.data);
  const records = text === null ? null : parseCsv(text);
  const columns = headerIndexes(records?.[0]);
  if (!records || !columns) throw invalidFile(`the header row must be ${DEVICE_IMPORT_COLUMNS.join(',')}`);

  const taken = await takenIn(context.db, auth.target.id);
  const report: ImportReportRow[] = [];
  const accepted: DeviceInput[] = [];
  for (const record of records.slice(1)) {
    const outcome = readRecord(record, columns);
    const name = (record.fields[columns.get('name') ?? 0] ?? '').trim();
    const pairingId = (record.fields[columns.get('pairing_id') ?? 1] ?? '').trim();
    if (!outcome.ok) {
      report.push({
        row: record.line,
        name,
        pairing_id: pairingId,
        success: false,
        error: outcome.error,
        field: outcome.field,
      });
      continue;
    }
    const conflict = conflictOf(outcome.device, taken);
    if (conflict) {
      report.push({ row: record.line, name, pairing_id: pairingId, success: false, ...conflict });
      continue;
    }
    taken.names.add(outcome.device.name.toLowerCase());
    taken.pairingIds.add(outcome.device.pairing_id.toLowerCase());
    if (outcome.device.ports) taken.ranges.push(outcome.device.ports);
    accepted.push(outcome.device);
    report.push({ row: record.line, name, pairing_id: pairingId, success: true, error: null, field: null });
  }
  let ids: Map<string, number>;
  try {
    ids = await insertDevices(context.db, auth, accepted, context.now());
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueDeviceError(error);
    throw error;
  }
  const answered = report.map((row) => (row.success ? { ...row, id: ids.get(row.pairing_id) } : row));
  return { report: answered, imported: accepted.length, failed: report.length - accepted.length };
});
