import {
  API,
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_FILE_FIELD,
  DEVICE_IMPORT_MAX_BYTES,
  DeviceInputSchema,
  DeviceType,
  errorDetailFor,
  ErrorCode,
  fieldProblems,
  outcomeOf,
  ValidationKey,
  type DeviceImportProblem,
  type DeviceImportReportRow,
  type DeviceInput,
  utf8Text,
  auditDetail,
} from '@halo/shared';
import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';

import { route } from '../../http/endpointRoute.js';
import { refuse } from '../../errors/httpError.js';
import { readUploadedFiles, type UploadedFile } from '../../http/multipart.js';
import { detailColumns } from '../../store/audit.js';
import {
  dropStage,
  publishedIds,
  publishStage,
  stageDeviceRows,
  type ImportStage,
  type StagedDeviceRow,
} from '../../store/deviceImportStage.js';
import { deviceInputColumns } from '../../store/newDeviceRow.js';
import type { Database } from '../../store/schema.js';
import { isUniqueViolation } from '../../store/uniqueness.js';
import { uniqueDeviceError } from './createDevice.js';
import { pairingIdConflict, portRangeConflict, ServerRanges, type DeviceHolder } from './deviceConstraints.js';
import { assertDevicesFit } from './deviceLimit.js';
import { NotCsvError, readCsvInSlices, type CsvRecord } from './csvRecords.js';

/** The import reads its own body, streamed through busboy: a CSV of 10,000+ devices is well above the JSON limit. */
export const DEVICE_IMPORT_MAX_FILE_BYTES = DEVICE_IMPORT_MAX_BYTES;

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

/** Why a row is not created: the field at fault (dotted path, or none) and the problem in full. */
interface Refusal {
  readonly field: string | null;
  readonly problem: DeviceImportProblem;
}

type RowOutcome = { ok: true; device: DeviceInput } | ({ ok: false } & Refusal);

/** A value a section 5 rule refused (code 1, as POST /devices answers it). */
const ruleRefusal = (field: string | null, key: string, params: readonly (string | number)[]): Refusal => ({
  field,
  problem: { code: ErrorCode.MISSING_VALUES, key, params: [...params] },
});

/** A conflict with a device that exists (50, 51, 52), naming what the catalogue's detail names. */
const conflictRefusal = (field: string, code: ErrorCode, fields?: Record<string, unknown>): Refusal => ({
  field,
  problem: { code, key: outcomeOf(code).messageKey, params: [], ...(fields ? { fields } : {}) },
});

/** One record as the `device` of POST /devices, checked by the same shared schema. */
function readRecord(record: CsvRecord, columns: Map<string, number>): RowOutcome {
  if (record.fields.length !== columns.size) {
    return { ok: false, ...ruleRefusal(null, ValidationKey.COLUMN_COUNT, [columns.size, record.fields.length]) };
  }
  const cell = (column: string) => (record.fields[columns.get(column) ?? -1] ?? '').trim();
  const typeText = cell('type').toLowerCase();
  const serverText = cell('is_server').toLowerCase();
  if (!TRUE_WORDS.has(serverText) && !FALSE_WORDS.has(serverText))
    return { ok: false, ...ruleRefusal('is_server', ValidationKey.INVALID, ['is_server']) };
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
    const [problem] = fieldProblems(parsed.error, 1);
    const field = problem?.path || null;
    // A rule names its field in its first placeholder; a schema's own key may carry none.
    const params = problem?.params?.length ? problem.params : [field?.split('.').at(-1) ?? ''];
    return { ok: false, ...ruleRefusal(field, problem?.key ?? ValidationKey.INVALID, params) };
  }
  return { ok: true, device: parsed.data };
}

interface Taken {
  /** The environment's device names (lower case). */
  readonly names: Set<string>;
  /** Every pairing id of the installation (lower case) and the device holding it. */
  readonly pairingIds: Map<string, DeviceHolder>;
  /** The environment's servers' port ranges. */
  readonly servers: ServerRanges;
}

/** Devices read per query while the store's are gathered, with the loop free between pages. */
const TAKEN_PAGE = 10_000;

/** What the store's devices hold already, read a page at a time so no one query holds the loop. */
async function takenIn(db: Kysely<Database>, environmentId: number): Promise<Taken> {
  const taken: Taken = { names: new Set(), pairingIds: new Map(), servers: new ServerRanges() };
  for (let afterId = 0; ;) {
    const rows = await db
      .selectFrom('devices')
      .select(['id', 'name', 'pairing_id', 'environment_id', 'is_server', 'port_from', 'port_to'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(TAKEN_PAGE)
      .execute();
    for (const row of rows) {
      const own = row.environment_id === environmentId;
      const ports =
        own && row.is_server === 1 && row.port_from !== null && row.port_to !== null
          ? { from: row.port_from, to: row.port_to }
          : null;
      const holder: DeviceHolder = { name: row.name, pairingId: row.pairing_id, own, ports };
      taken.pairingIds.set(row.pairing_id.toLowerCase(), holder);
      if (!own) continue;
      taken.names.add(row.name.toLowerCase());
      if (ports) taken.servers.add(holder);
    }
    const last = rows.at(-1);
    if (!last || rows.length < TAKEN_PAGE) return taken;
    afterId = last.id;
    await yieldToLoop();
  }
}

/** Errors 50, 51, 52 against the store and the rows accepted before this one. */
function conflictOf(device: DeviceInput, taken: Taken): Refusal | null {
  if (taken.names.has(device.name.toLowerCase())) return conflictRefusal('name', ErrorCode.DEVICE_NAME_EXISTS);
  const holder = taken.pairingIds.get(device.pairing_id.toLowerCase());
  if (holder) return conflictRefusal('pairing_id', ErrorCode.DEVICE_PARAMETERS_EXIST, pairingIdConflict(holder));
  const server = device.ports ? taken.servers.firstOverlapping(device.ports) : undefined;
  if (server) return conflictRefusal('ports', ErrorCode.DEVICE_PORT_RANGE_OVERLAP, portRangeConflict(server));
  return null;
}

/** The report's `error` for a reader of the API: a conflict's sentence, else the rule's key. */
function errorText(problem: DeviceImportProblem): string {
  if (problem.code === ErrorCode.MISSING_VALUES) return problem.key;
  return errorDetailFor(problem.code, problem.fields)?.message ?? outcomeOf(problem.code as ErrorCode).message;
}

/** A device the import creates, as the stage keeps it: its columns and its audit detail. */
function stagedRowOf(device: DeviceInput, seq: number): StagedDeviceRow {
  const audit = detailColumns(auditDetail('imported', { pairingId: device.pairing_id }));
  return {
    seq,
    ...deviceInputColumns(device),
    audit_detail: audit.detail,
    audit_detail_code: audit.detail_code,
    audit_detail_params: audit.detail_params,
  };
}

interface CheckedImport {
  readonly report: ImportReportRow[];
  /** Rows written to the stage: the devices the import creates. */
  readonly staged: number;
}

/**
 * Reads the file a slice at a time: each record is checked as POST /devices checks a device
 * (and against the rows accepted before it), reported, and when good written to the stage.
 * Throws error 53 when the file is not the import's CSV.
 */
async function checkAndStage(
  db: Kysely<Database>,
  environmentId: number,
  stage: ImportStage,
  text: string,
): Promise<CheckedImport> {
  const taken = await takenIn(db, environmentId);
  const report: ImportReportRow[] = [];
  let staged = 0;
  let columns: Map<string, number> | null | undefined;
  const headerRefused = () => invalidFile(`the header row must be ${DEVICE_IMPORT_COLUMNS.join(',')}`);
  const checkRecords = async (records: readonly CsvRecord[]) => {
    const rows: StagedDeviceRow[] = [];
    for (const record of records) {
      if (!columns) {
        columns = headerIndexes(record);
        if (!columns) throw headerRefused();
        continue;
      }
      const outcome = readRecord(record, columns);
      const name = (record.fields[columns.get('name') ?? 0] ?? '').trim();
      const pairingId = (record.fields[columns.get('pairing_id') ?? 1] ?? '').trim();
      const refusal = outcome.ok ? conflictOf(outcome.device, taken) : outcome;
      if (refusal) {
        report.push({
          row: record.line,
          name,
          pairing_id: pairingId,
          success: false,
          error: errorText(refusal.problem),
          field: refusal.field,
          problem: refusal.problem,
        });
        continue;
      }
      if (!outcome.ok) continue;
      // The rows after it see it as they would see a stored device of this environment.
      const holder: DeviceHolder = {
        name: outcome.device.name,
        pairingId: outcome.device.pairing_id,
        own: true,
        ports: outcome.device.ports,
      };
      taken.names.add(outcome.device.name.toLowerCase());
      taken.pairingIds.set(outcome.device.pairing_id.toLowerCase(), holder);
      if (holder.ports) taken.servers.add(holder);
      staged += 1;
      rows.push(stagedRowOf(outcome.device, staged));
      report.push({ row: record.line, name, pairing_id: pairingId, success: true, error: null, field: null });
    }
    await stageDeviceRows(db, stage, rows);
  };
  try {
    await readCsvInSlices(text, checkRecords);
  } catch (error) {
    if (error instanceof NotCsvError) throw headerRefused();
    throw error;
  }
  if (!columns) throw headerRefused();
  return { report, staged };
}

/**
 * POST config/{env}/devices/import: multipart/form-data with one CSV file (field `file`).
 * Header row (any order): name,pairing_id,type,is_server,ip_addresses,port_from,port_to (ports_from and
 * ports_to are read too); type 1/HALO or 2/DRONECOMMX, is_server true/false, IP addresses
 * separated by ';' or spaces. Answers a report row per record; the good rows are written in
 * one transaction, a bad row is reported with its line and field and writes nothing. A file
 * that is not such a CSV is error 53 and writes nothing; so is error 54, when the good rows
 * are more than the environment may still take (HALO_ENVIRONMENT_MAX_DEVICES).
 *
 * The file is read and checked a slice at a time and its good rows staged in short
 * statements (store/deviceImportStage.ts), so other tenants' reads and writes are answered
 * while it runs; the rows become devices together when the stage is published.
 */
export const importDevices = route(API.devices.import, (context) => async ({ auth, request }) => {
  const upload = await readUploadedFiles(request, { maxFileBytes: DEVICE_IMPORT_MAX_FILE_BYTES, maxFiles: 4 });
  if (!upload.ok) throw invalidFile(upload.reason);
  const part = csvFile(upload.files);
  if (!part) throw invalidFile(`no file in field '${DEVICE_IMPORT_FILE_FIELD}'`);
  // The name decides, not the type: curl and some browsers send a .csv as application/octet-stream.
  if (!/\.csv$/i.test(part.fileName)) throw invalidFile('not a .csv file');
  const text = utf8Text(part.data);
  if (text === null) throw invalidFile(`the header row must be ${DEVICE_IMPORT_COLUMNS.join(',')}`);

  const { db, dialect, config } = context;
  const environmentId = auth.target.id;
  const stage: ImportStage = { importId: randomUUID(), startedAt: context.now() };
  try {
    const { report, staged } = await checkAndStage(db, environmentId, stage, text);
    const limit = config.environmentMaxDevices;
    let ids: readonly number[] = [];
    if (staged > 0) {
      const published = await publishStage(db, stage, {
        environmentId,
        user: auth.user,
        now: context.now(),
        count: staged,
        // Inside the publishing transaction: two imports cannot together pass the limit.
        guard: (trx) => assertDevicesFit(trx, dialect, environmentId, staged, limit),
      });
      ids = await publishedIds(db, environmentId, published);
    }
    let next = 0;
    const answered = report.map((row) => (row.success ? { ...row, id: ids[next++] } : row));
    return { report: answered, imported: staged, failed: report.length - staged };
  } catch (error) {
    await dropStage(db, stage);
    if (isUniqueViolation(error)) throw uniqueDeviceError(error);
    throw error;
  }
});
