/**
 * Firmware version definitions of spec section 3. One is added by uploading a meta file
 * (multipart field `version_definition`): a small JSON document that describes a firmware
 * image (which device model, its base, core, web and official versions, its size and SHA-256).
 * The image itself is not uploaded here.
 */
import { z } from 'zod';
import { IdSchema, utf8Text } from '../common.js';
import { DESCRIPTION_MAX_LENGTH } from '../constants/constants.js';
import { DeviceType } from '../constants/enums.js';
import { ValidationKey } from '../validation/rules.js';

/** The product types of section 3 as a meta file names them. */
export const DEVICE_MODEL_NAMES: Readonly<Record<DeviceType, string>> = Object.freeze({
  [DeviceType.HALO]: 'HALO',
  [DeviceType.DRONECOMMX]: 'DRONECOMMX',
});
export const DEVICE_MODELS = ['HALO', 'DRONECOMMX'] as const;
export type DeviceModel = (typeof DEVICE_MODELS)[number];

/** The device model of a device type, for matching a device with the firmware made for it. */
export const deviceModelOf = (type: number): DeviceModel | null =>
  (DEVICE_MODEL_NAMES as Readonly<Record<number, DeviceModel>>)[type] ?? null;

/** The device type a model name is made for. */
export const deviceTypeOfModel = (model: string): DeviceType | null => {
  const found = Object.entries(DEVICE_MODEL_NAMES).find(([, name]) => name === model);
  return found ? (Number(found[0]) as DeviceType) : null;
};

/** Versions such as 4.2.17 or 4.2.17-rc1. */
const VERSION_PATTERN = /^[0-9]+(\.[0-9]+){0,3}([-+][A-Za-z0-9.]{1,32})?$/;

export const VERSION_DEFINITION_FILE_FIELD = 'version_definition';
export const VERSION_META_FILE_MAX_BYTES = 64 * 1024;
/** A meta file's name: a plain name ending in .json or .meta, no folders, no tricks. */
export const VERSION_META_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,123}\.(json|meta)$/;

const version = z.string().max(64).regex(VERSION_PATTERN);

/** The meta file's contents as stored and answered. */
export const VersionDefinitionContentSchema = z.object({
  device_model: z.enum(DEVICE_MODELS),
  base_version: z.string(),
  core_version: z.string(),
  web_version: z.string(),
  official_version: z.string(),
  description: z.string().nullable().optional(),
  image_size: z.number().int().positive(),
  image_sha256: z.string(),
});
export type VersionDefinitionContent = z.infer<typeof VersionDefinitionContentSchema>;

/** The meta file's contents: every field is checked, unknown keys are refused. */
export const VersionMetaFileSchema = z.strictObject({
  device_model: z.enum(DEVICE_MODELS),
  base_version: version,
  core_version: version,
  web_version: version,
  official_version: version,
  description: z.string().max(DESCRIPTION_MAX_LENGTH).nullable().optional(),
  /** Bytes of the firmware image, at most 4 GiB. */
  image_size: z
    .number()
    .int()
    .positive()
    .max(4 * 1024 ** 3),
  image_sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .transform((hex) => hex.toLowerCase()),
});
export type VersionMetaFile = z.infer<typeof VersionMetaFileSchema>;

/** What is wrong with a meta file: the whole file, or one key of it. */
export const MetaFileProblemKind = {
  /** No file in the field `version_definition`, or more than one. */
  NO_FILE: 'noFile',
  TOO_LARGE: 'tooLarge',
  NOT_TEXT: 'notText',
  FILE_NAME: 'fileName',
  NOT_JSON: 'notJson',
  NOT_OBJECT: 'notObject',
  MISSING_KEY: 'missingKey',
  INVALID_VALUE: 'invalidValue',
  UNKNOWN_KEY: 'unknownKey',
} as const;
export type MetaFileProblemKind = (typeof MetaFileProblemKind)[keyof typeof MetaFileProblemKind];

export interface MetaFileProblem {
  readonly kind: MetaFileProblemKind;
  /** The key at fault, for the kinds about one key. */
  readonly key?: string;
}

/** The field problem (i18n key) each kind of problem is answered and shown with. */
export const META_FILE_PROBLEM_KEYS: Readonly<Record<MetaFileProblemKind, ValidationKey>> = {
  noFile: ValidationKey.REQUIRED,
  tooLarge: ValidationKey.META_FILE_TOO_LARGE,
  notText: ValidationKey.META_FILE_NOT_TEXT,
  fileName: ValidationKey.META_FILE_NAME,
  notJson: ValidationKey.META_FILE_NOT_JSON,
  notObject: ValidationKey.META_FILE_NOT_OBJECT,
  missingKey: ValidationKey.META_FILE_MISSING_KEY,
  invalidValue: ValidationKey.META_FILE_INVALID_VALUE,
  unknownKey: ValidationKey.META_FILE_UNKNOWN_KEY,
};

export type MetaFileResult =
  | { readonly ok: true; readonly value: VersionMetaFile }
  | {
      readonly ok: false;
      readonly key: typeof ValidationKey.INVALID_META_FILE;
      /** Each thing wrong with it, a key at a time where it is about keys. */
      readonly problems: readonly MetaFileProblem[];
    };

const refused = (...problems: MetaFileProblem[]): MetaFileResult => ({
  ok: false,
  key: ValidationKey.INVALID_META_FILE,
  problems,
});

/** The keys a meta file holds, in the order the format lists them. */
export const VERSION_META_FILE_KEYS = Object.keys(VersionMetaFileSchema.shape) as readonly (keyof VersionMetaFile)[];

/** Whether the format requires a key (the others may be left out). */
export const isRequiredMetaFileKey = (key: keyof VersionMetaFile): boolean =>
  !VersionMetaFileSchema.shape[key].safeParse(undefined).success;

/** A meta file the format accepts, offered as a sample by the upload dialog: every key, each a valid value. */
export const SAMPLE_VERSION_META_FILE = {
  device_model: 'HALO',
  base_version: '4.2',
  core_version: '4.2.17',
  web_version: '2.9.0',
  official_version: '4.2.17',
  description: 'Cellular bonding fixes',
  image_size: 73_400_320,
  image_sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
} as const satisfies Readonly<Record<keyof z.input<typeof VersionMetaFileSchema>, unknown>>;

export const SAMPLE_VERSION_META_FILE_NAME = 'halo-4.2.17.json';

/** The sample as the file the dialog offers. */
export const sampleVersionMetaFileText = (): string => `${JSON.stringify(SAMPLE_VERSION_META_FILE, null, 2)}\n`;

/** What a zod issue of the meta file's object says, a key at a time. */
function problemsOf(json: Record<string, unknown>, issues: readonly z.core.$ZodIssue[]): MetaFileProblem[] {
  const problems: MetaFileProblem[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) problems.push({ kind: MetaFileProblemKind.UNKNOWN_KEY, key });
      continue;
    }
    const key = issue.path[0];
    if (typeof key !== 'string') continue;
    const kind = Object.hasOwn(json, key) ? MetaFileProblemKind.INVALID_VALUE : MetaFileProblemKind.MISSING_KEY;
    if (!problems.some((problem) => problem.key === key)) problems.push({ kind, key });
  }
  return problems;
}

/**
 * Parses a meta file (its name and text), the same way in the upload dialog's preview and on
 * the server: anything but a valid definition is refused with what is wrong with it (a missing,
 * invalid or unknown key, or the file as a whole).
 */
export function parseVersionMetaFile(text: string, fileName?: string): MetaFileResult {
  if (fileName !== undefined && !VERSION_META_FILE_NAME.test(fileName)) {
    return refused({ kind: MetaFileProblemKind.FILE_NAME });
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return refused({ kind: MetaFileProblemKind.NOT_JSON });
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return refused({ kind: MetaFileProblemKind.NOT_OBJECT });
  }
  const parsed = VersionMetaFileSchema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  return refused(...problemsOf(json as Record<string, unknown>, parsed.error.issues));
}

/**
 * Reads a meta file from its bytes: at most VERSION_META_FILE_MAX_BYTES (a file of exactly that
 * size is read), UTF-8 text, then parseVersionMetaFile.
 */
export function readVersionMetaFile(bytes: Uint8Array, fileName?: string): MetaFileResult {
  if (bytes.length > VERSION_META_FILE_MAX_BYTES) return refused({ kind: MetaFileProblemKind.TOO_LARGE });
  const text = utf8Text(bytes);
  if (text === null) return refused({ kind: MetaFileProblemKind.NOT_TEXT });
  return parseVersionMetaFile(text, fileName);
}

/** The answer's `fields` for the problems: the file's field, or `<field>.<key>` for a key. */
export function metaFileProblemFields(problems: readonly MetaFileProblem[]): Record<string, ValidationKey> {
  return Object.fromEntries(
    problems.map((problem) => [
      problem.key === undefined ? VERSION_DEFINITION_FILE_FIELD : `${VERSION_DEFINITION_FILE_FIELD}.${problem.key}`,
      META_FILE_PROBLEM_KEYS[problem.kind],
    ]),
  );
}

/** The problems an answer's `fields` name (the reverse of metaFileProblemFields); unknown entries are left out. */
export function metaFileProblemsOf(fields: Readonly<Record<string, unknown>> | undefined): MetaFileProblem[] {
  const problems: MetaFileProblem[] = [];
  for (const [path, value] of Object.entries(fields ?? {})) {
    const kind = (Object.keys(META_FILE_PROBLEM_KEYS) as MetaFileProblemKind[]).find(
      (candidate) => META_FILE_PROBLEM_KEYS[candidate] === value,
    );
    if (!kind) continue;
    if (path === VERSION_DEFINITION_FILE_FIELD) problems.push({ kind });
    else if (path.startsWith(`${VERSION_DEFINITION_FILE_FIELD}.`)) {
      problems.push({ kind, key: path.slice(VERSION_DEFINITION_FILE_FIELD.length + 1) });
    }
  }
  return problems;
}

const META_FILE_PROBLEM_MESSAGES: Readonly<Record<MetaFileProblemKind, (key: string) => string>> = {
  noFile: () => `send exactly one file, in the field ${VERSION_DEFINITION_FILE_FIELD}`,
  tooLarge: () => `it is larger than ${VERSION_META_FILE_MAX_BYTES} bytes (64 KB)`,
  notText: () => 'it is not UTF-8 text',
  fileName: () => 'its name must end in .json or .meta, without folders',
  notJson: () => 'it is not JSON',
  notObject: () => 'it is not a JSON object',
  missingKey: (key) => `it lacks the key ${key}`,
  invalidValue: (key) => `its ${key} is not valid`,
  unknownKey: (key) => `it has a key the format does not know: ${key}`,
};

/** The API's message for a refused meta file (the dialog translates the fields instead). */
export function metaFileProblemMessage(problems: readonly MetaFileProblem[]): string {
  const said = problems.map((problem) => META_FILE_PROBLEM_MESSAGES[problem.kind](problem.key ?? ''));
  return `The meta file must have valid contents: ${said.join('; ')}`;
}

export const VersionDefinitionSchema = z.object({
  id: IdSchema,
  version_definition: VersionDefinitionContentSchema,
  /** The environment that added it: the caller's own, or one above it (inherited, read only). */
  environment_id: IdSchema,
  environment_name: z.string(),
  inherited: z.boolean(),
  file_name: z.string(),
  created_at: z.string(),
});
export type VersionDefinition = z.infer<typeof VersionDefinitionSchema>;

export const VersionDefinitionListResponseSchema = z.object({
  version_definitions: z.array(VersionDefinitionSchema),
});
export type VersionDefinitionListResponse = z.infer<typeof VersionDefinitionListResponseSchema>;
