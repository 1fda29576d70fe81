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

export type MetaFileResult =
  | { readonly ok: true; readonly value: VersionMetaFile }
  | { readonly ok: false; readonly key: typeof ValidationKey.INVALID_META_FILE };

/** The text of a meta file's bytes, or null for anything that is not UTF-8 text (a binary). */
export function metaFileText(bytes: Uint8Array): string | null {
  return bytes.length > VERSION_META_FILE_MAX_BYTES ? null : utf8Text(bytes);
}

/**
 * Parses a meta file (its name and text), the same way in the upload dialog's preview and on
 * the server: anything but a valid definition is 'validation.invalidMetaFile'.
 */
export function parseVersionMetaFile(text: string | null, fileName?: string): MetaFileResult {
  const failure = { ok: false, key: ValidationKey.INVALID_META_FILE } as const;
  if (text === null || text.length > VERSION_META_FILE_MAX_BYTES) return failure;
  if (fileName !== undefined && !VERSION_META_FILE_NAME.test(fileName)) return failure;
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return failure;
  }
  const parsed = VersionMetaFileSchema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : failure;
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
