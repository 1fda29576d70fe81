import { z } from 'zod';
import {
  DescriptionSchema,
  EmailSchema,
  IdSchema,
  NameSchema,
  PAGE_SIZE_MAX,
  PasswordSchema,
  wholeNumberParam,
} from '../common.js';
import { TwoFactorStatusSchema } from '../auth/auth.js';
import { SeveritySchema } from '../users/user.js';
import { Feature, FEATURES } from '../permissions/permissions.js';
import { isIpv4, ValidationKey } from '../validation/rules.js';

export const EnvironmentSchema = z.object({
  id: IdSchema,
  name: z.string(),
  parent_id: IdSchema.nullable(),
  username: z.string(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  /** Null: the product's own CA service. An address: a custom CA service. */
  ca_server_address: z.string().nullable(),
  realm_type: z.number().int(),
  /** Features its parent's manager granted (1: HeatSight here, 2: here and below); never more than the parent has. */
  enabled_feature_ids: z.array(z.number().int()),
  two_factor_auth_status: TwoFactorStatusSchema,
  /** The lowest severity of alarm that reaches the environment's manager (section 3's user severity). */
  severity: SeveritySchema,
});
export type Environment = z.infer<typeof EnvironmentSchema>;

/** Feature ids (1, 2), each at most once. */
export const FeatureIdsSchema = z
  .array(z.literal([Feature.HEATSIGHT_OWN_ENVIRONMENT, Feature.HEATSIGHT_ALL_ENVIRONMENTS]))
  .max(FEATURES.length)
  .refine((features) => new Set(features).size === features.length, ValidationKey.INVALID);

/**
 * A custom CA service's base URL: ca_server_address is `host[:port]`, called over HTTP unless
 * it names a scheme. Throws when it is no URL.
 */
export function caServiceUrl(address: string): URL {
  return new URL(/^https?:\/\//.test(address) ? address.replace(/\/+$/, '') : `http://${address}`);
}

/** The address as stored: `host[:port]` of the URL it is called at (host in lower case, a default port dropped), or null. */
function normalisedCaServerAddress(address: string): string | null {
  try {
    return caServiceUrl(address).host;
  } catch {
    return null;
  }
}

/** `host[:port]`, trimmed of the blanks and line ends it was typed with, and stored normalised. */
const CaServerAddressSchema = z
  .string()
  .trim()
  .max(255)
  .refine(
    (value) =>
      (isIpv4(value) || /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(value)) && normalisedCaServerAddress(value) !== null,
    ValidationKey.INVALID,
  )
  .transform((value) => normalisedCaServerAddress(value) ?? value);

export const EnvironmentCreateSchema = z.strictObject({
  environment_name: NameSchema,
  username: NameSchema,
  password: PasswordSchema,
  email: EmailSchema,
  description: DescriptionSchema.optional().nullable(),
  ca_server_address: CaServerAddressSchema.nullable().optional(),
  /** Only the environment manager above it sets these; absent means none (create) or unchanged (update). */
  enabled_feature_ids: FeatureIdsSchema.optional(),
  /** The manager's alarm severity (default 3); on update, absent leaves it as it is. Only from a parent's manager. */
  severity: SeveritySchema.optional(),
});
export type EnvironmentCreate = z.infer<typeof EnvironmentCreateSchema>;

/** Password null means unchanged. Renaming the current environment sends only environment_name. */
export const EnvironmentUpdateSchema = EnvironmentCreateSchema.extend({
  password: PasswordSchema.nullable().optional(),
  username: NameSchema.optional(),
  email: EmailSchema.optional(),
});
export type EnvironmentUpdate = z.infer<typeof EnvironmentUpdateSchema>;

export const EnvironmentListQuerySchema = z.strictObject({
  object_id: wholeNumberParam().optional(),
  page_size: wholeNumberParam(1, PAGE_SIZE_MAX).optional(),
  env_name: z.string().max(64).optional(),
});

export const EnvironmentListResponseSchema = z.object({ environments: z.array(EnvironmentSchema) });
