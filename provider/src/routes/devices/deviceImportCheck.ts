import {
  auditDetail,
  DEVICE_IMPORT_COLUMNS,
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
} from '@halo/shared';

import { detailColumns } from '../../store/audit.js';
import type { StagedDeviceRow } from '../../store/deviceImportStage.js';
import { deviceInputColumns } from '../../store/newDeviceRow.js';
import type { DeviceRow } from '../../store/schema.js';
import { pairingIdConflict, portRangeConflict, ServerRanges, type DeviceHolder } from './deviceConstraints.js';
import { csvFileRecords, NotCsvError, type CsvRecord } from './csvRecords.js';

/**
 * The device import's reading and checking (importDevices.ts), done where it cannot hold the loop
 * that answers everyone: these are read shapers (readShapers.ts), so in a read worker the file is
 * read from the disk, parsed and checked there, and only text crosses back. First its records are
 * counted (the device limit refuses a file too large before any row is checked), then each record
 * is checked as POST /devices checks a device, and against the rows accepted before it.
 */

/** Header aliases: the shared columns say port_from/port_to; ports_from/ports_to (the name the `ports` object suggests) are read the same way. */
const COLUMN_ALIASES: Readonly<Record<string, string>> = { ports_from: 'port_from', ports_to: 'port_to' };

/** Why a file is refused with error 53. */
export const IMPORT_HEADER_REFUSAL = `the header row must be ${DEVICE_IMPORT_COLUMNS.join(',')}`;

export interface ImportReportRow extends DeviceImportReportRow {
  /** Line of the file the record starts on; the header is line 1. */
  readonly row: number;
  /** The field that failed, dotted (`ports.from`), or null. */
  readonly field: string | null;
  readonly id?: number;
}

/** A file that is not the import's CSV: error 53, with the reason. */
export interface RefusedFile {
  readonly ok: false;
  readonly reason: string;
}

/** The uploaded file the shapers read, in the data dir (importUploads.ts). */
export interface ImportFile {
  readonly path: string;
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

/**
 * The file's records after its header, a batch at a time, with the header's column indexes
 * (`lines: false`: without their lines, to count); throws NotCsvError for a file that is not
 * UTF-8 CSV text or lacks the header.
 */
async function* recordsOf(
  file: ImportFile,
  options: { lines?: boolean } = {},
): AsyncGenerator<{ records: CsvRecord[]; columns: Map<string, number> }> {
  let columns: Map<string, number> | null = null;
  for await (const batch of csvFileRecords(file.path, options)) {
    let records = batch;
    if (!columns) {
      columns = headerIndexes(batch[0]);
      if (!columns) throw new NotCsvError();
      records = batch.slice(1);
    }
    yield { records, columns };
  }
  if (!columns) throw new NotCsvError();
}

/** The file as a refusal when it is not the import's CSV; anything else is thrown on. */
function refusedFile(error: unknown): RefusedFile {
  if (error instanceof NotCsvError) return { ok: false, reason: IMPORT_HEADER_REFUSAL };
  throw error;
}

export type ImportCount = { readonly ok: true; readonly records: number; readonly held: number } | RefusedFile;

/**
 * Shaper: the file's records (its header excepted) counted, with what the tenant's tree holds
 * (the row of deviceLimit.ts heldInTree), read in the same job.
 */
export async function countImportRecords(
  rows: readonly { readonly held: number | string }[],
  file: ImportFile,
): Promise<ImportCount> {
  let records = 0;
  try {
    for await (const batch of recordsOf(file, { lines: false })) records += batch.records.length;
  } catch (error) {
    return refusedFile(error);
  }
  return { ok: true, records, held: Number(rows[0]?.held ?? 0) };
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

/** The store's devices a new one may not clash with: every one's pairing id, the environment's names and ports. */
export type TakenRow = Pick<
  DeviceRow,
  'name' | 'pairing_id' | 'environment_id' | 'is_server' | 'port_from' | 'port_to'
>;

interface Taken {
  /** The environment's device names (lower case). */
  readonly names: Set<string>;
  /** Every pairing id of the installation (lower case) and the device holding it. */
  readonly pairingIds: Map<string, DeviceHolder>;
  /** The environment's servers' port ranges. */
  readonly servers: ServerRanges;
}

function takenOf(rows: readonly TakenRow[], environmentId: number): Taken {
  const taken: Taken = { names: new Set(), pairingIds: new Map(), servers: new ServerRanges() };
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
  return taken;
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

/**
 * A batch of the rows an import creates as it crosses to the request loop: each row's input
 * columns (deviceInputColumns) in STAGED_COLUMNS' order, its upgrade policy an index into
 * `policies` (a file's rows mostly share one, the schema's default, some 200 characters).
 */
interface StagedBatch {
  readonly policies: string[];
  readonly rows: unknown[][];
}

const STAGED_COLUMNS = [
  'name',
  'pairing_id',
  'type',
  'is_server',
  'is_enabled',
  'ip_addresses',
  'port_from',
  'port_to',
] as const satisfies readonly (keyof ReturnType<typeof deviceInputColumns>)[];

/** Adds a device to a batch. */
function addToBatch(batch: StagedBatch, device: DeviceInput): void {
  const columns = deviceInputColumns(device);
  let policy = batch.policies.indexOf(columns.upgrade_policy);
  if (policy < 0) policy = batch.policies.push(columns.upgrade_policy) - 1;
  batch.rows.push([...STAGED_COLUMNS.map((column) => columns[column]), policy]);
}

/**
 * A batch's rows as the stage keeps them, numbered from `firstSeq`, with their audit detail:
 * on the request loop, a batch (a few milliseconds) at a time.
 */
export function stagedRowsOf(batchText: string, firstSeq: number): StagedDeviceRow[] {
  const batch = JSON.parse(batchText) as StagedBatch;
  return batch.rows.map((values, index) => {
    const columns = Object.fromEntries(STAGED_COLUMNS.map((column, at) => [column, values[at]])) as Omit<
      ReturnType<typeof deviceInputColumns>,
      'upgrade_policy'
    >;
    const audit = detailColumns(auditDetail('imported', { pairingId: columns.pairing_id }));
    return {
      seq: firstSeq + index,
      ...columns,
      upgrade_policy: batch.policies[Number(values[STAGED_COLUMNS.length])] ?? '{}',
      audit_detail: audit.detail,
      audit_detail_code: audit.detail_code,
      audit_detail_params: audit.detail_params,
    };
  });
}

/**
 * Where a created row's device id goes in the report's text: a NUL, which JSON text never holds
 * raw (JSON.stringify escapes it), so the request loop fills the ids in without parsing.
 */
export const REPORT_ID_MARK = '\u0000';

/** Report rows per piece of text, and staged rows per batch: each a few milliseconds to handle on the loop. */
const REPORT_ROWS_PER_PIECE = 5_000;
export const STAGED_ROWS_PER_BATCH = 500;

export type CheckedImport =
  | {
      readonly ok: true;
      /**
       * The report as pieces of JSON text: each its rows separated by commas (no brackets),
       * a created row's `id` written REPORT_ID_MARK (the ids are known once published).
       */
      readonly report: readonly string[];
      /** The rows to stage, as JSON text of at most STAGED_ROWS_PER_BATCH rows each, in order (stagedRowsOf reads one). */
      readonly staged: readonly string[];
      readonly imported: number;
      readonly failed: number;
    }
  | RefusedFile;

/**
 * Shaper: every record checked against the store's devices (the rows read in the same job)
 * and the records accepted before it, reported, and the good ones made stage rows.
 */
export async function checkImportRecords(
  rows: TakenRow[],
  argument: ImportFile & { readonly environmentId: number },
): Promise<CheckedImport> {
  const taken = takenOf(rows, argument.environmentId);
  // The rows are in `taken` now; the job's copy need not live as long as the check.
  rows.length = 0;
  const report: string[] = [];
  const staged: string[] = [];
  let reportPiece: string[] = [];
  let batch: StagedBatch = { policies: [], rows: [] };
  let imported = 0;
  let failed = 0;
  const reported = (row: ImportReportRow, created: boolean) => {
    const text = JSON.stringify(row);
    reportPiece.push(created ? `${text.slice(0, -1)},"id":${REPORT_ID_MARK}}` : text);
    if (reportPiece.length < REPORT_ROWS_PER_PIECE) return;
    report.push(reportPiece.join(','));
    reportPiece = [];
  };
  /** One record: reported, and when good made a stage row that the records after it see. */
  const check = (record: CsvRecord, columns: Map<string, number>) => {
    const outcome = readRecord(record, columns);
    const name = (record.fields[columns.get('name') ?? 0] ?? '').trim();
    const pairingId = (record.fields[columns.get('pairing_id') ?? 1] ?? '').trim();
    const refusal = outcome.ok ? conflictOf(outcome.device, taken) : outcome;
    if (refusal) {
      failed += 1;
      const { field, problem } = refusal;
      const error = errorText(problem);
      reported({ row: record.line, name, pairing_id: pairingId, success: false, error, field, problem }, false);
      return;
    }
    if (!outcome.ok) return;
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
    imported += 1;
    addToBatch(batch, outcome.device);
    if (batch.rows.length === STAGED_ROWS_PER_BATCH) {
      staged.push(JSON.stringify(batch));
      batch = { policies: [], rows: [] };
    }
    reported({ row: record.line, name, pairing_id: pairingId, success: true, error: null, field: null }, true);
  };
  try {
    for await (const { records, columns } of recordsOf(argument)) for (const record of records) check(record, columns);
  } catch (error) {
    return refusedFile(error);
  }
  if (reportPiece.length > 0) report.push(reportPiece.join(','));
  if (batch.rows.length > 0) staged.push(JSON.stringify(batch));
  return { ok: true, report, staged, imported, failed };
}
