/**
 * Firmware version definitions of spec section 3. One is added by uploading a meta file
 * (multipart field `version_definition`); its JSON contents become the definition.
 */
import { z } from 'zod';
import { IdSchema } from '../common.js';
import { DESCRIPTION_MAX_LENGTH } from '../constants/constants.js';
import { ValidationKey } from '../validation/rules.js';

/** Versions such as 4.2.17 or 4.2.17-rc1. */
const VERSION_PATTERN = /^[0-9]+(\.[0-9]+){0,3}([-+][A-Za-z0-9.]{1,32})?$/;
const DEVICE_MODEL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/;

export const VERSION_DEFINITION_FILE_FIELD = 'version_definition';
export const VERSION_META_FILE_MAX_BYTES = 64 * 1024;

const version = z.string().max(64).regex(VERSION_PATTERN);

export const VersionDefinitionContentSchema = z.object({
  device_model: z.string(),
  base_version: z.string(),
  core_version: z.string(),
  web_version: z.string(),
  official_version: z.string(),
  description: z.string().nullable().optional(),
});
export type VersionDefinitionContent = z.infer<typeof VersionDefinitionContentSchema>;

/** The meta file's contents: every field is checked, unknown keys are refused. */
export const VersionMetaFileSchema = z.strictObject({
  device_model: z.string().regex(DEVICE_MODEL_PATTERN),
  base_version: version,
  core_version: version,
  web_version: version,
  official_version: version,
  description: z.string().max(DESCRIPTION_MAX_LENGTH).nullable().optional(),
});
export type VersionMetaFile = z.infer<typeof VersionMetaFileSchema>;

export type MetaFileResult =
  | { readonly ok: true; readonly value: VersionMetaFile }
  | { readonly ok: false; readonly key: typeof ValidationKey.INVALID_META_FILE };

/** Parses a meta file's text; anything but a valid definition is 'validation.invalidMetaFile'. */
export function parseVersionMetaFile(text: string): MetaFileResult {
  const failure = { ok: false, key: ValidationKey.INVALID_META_FILE } as const;
  if (text.length > VERSION_META_FILE_MAX_BYTES) return failure;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return failure;
  }
  const parsed = VersionMetaFileSchema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : failure;
}

export const VersionDefinitionSchema = z.object({
  id: IdSchema,
  version_definition: VersionDefinitionContentSchema,
  created_at: z.string().optional(),
});
export type VersionDefinition = z.infer<typeof VersionDefinitionSchema>;

export const VersionDefinitionListResponseSchema = z.object({
  version_definitions: z.array(VersionDefinitionSchema),
});
export type VersionDefinitionListResponse = z.infer<typeof VersionDefinitionListResponseSchema>;
