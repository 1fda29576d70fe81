/**
 * OpenVPN profiles (openvpn_profile) of spec section 3: general, server and advanced
 * sections, each null when empty, and custom fields from an allow-list of client directives
 * (openVpnCustomDirectives.ts).
 */
import { z } from 'zod';
import { type FitsEntity, IdSchema, NameSchema, numberInput, PortSchema } from '../common.js';
import { DEFAULT_COMPRESSION_TYPE, DEFAULT_ENCRYPTION_TYPE, DEFAULT_LAYER_TYPE } from '../constants/constants.js';
import { AuthDigest, AuthUserPassType, CompressionType, EncryptionType, LayerType } from '../constants/enums.js';
import {
  INLINE_LINE_MAX_LENGTH,
  noControlCharacters,
  OPENVPN_LINE_MAX_BYTES,
  ValidationKey,
  validHostAddress,
  validInlineLine,
  validIpv4,
  validSubnetMask,
} from '../validation/rules.js';
import { ruleCheck } from '../validation/zodRules.js';
import { customRowProblems } from './openVpnCustomDirectives.js';

/** The longest server address whose `remote <address> <port>` line OpenVPN still reads. */
export const OPENVPN_REMOTE_HOST_MAX_LENGTH = OPENVPN_LINE_MAX_BYTES - 'remote '.length - ' 65535'.length;

const literalUnion = <T extends number>(values: readonly T[]) =>
  z
    .number({ error: ValidationKey.INVALID })
    .refine((value) => (values as readonly number[]).includes(value), ValidationKey.INVALID);

export const EncryptionTypeSchema = literalUnion(Object.values(EncryptionType));
export const CompressionTypeSchema = literalUnion(Object.values(CompressionType));
export const LayerTypeSchema = literalUnion(Object.values(LayerType));

export const GeneralConfigSchema = z.object({
  encryption_type: z.number().int(),
  compression_type: z.number().int(),
  layer_type: z.number().int(),
});
export type GeneralConfig = z.infer<typeof GeneralConfigSchema>;

export const GeneralConfigInputSchema = z.strictObject({
  encryption_type: EncryptionTypeSchema.default(DEFAULT_ENCRYPTION_TYPE),
  compression_type: CompressionTypeSchema.default(DEFAULT_COMPRESSION_TYPE),
  layer_type: LayerTypeSchema.default(DEFAULT_LAYER_TYPE),
});

export const ManagedServerAddressInfoSchema = z.object({ ip_address: z.string(), subnet_mask: z.string() });
export const ManagedServerAddressInfoInputSchema = z.strictObject({
  ip_address: z.string({ error: ValidationKey.REQUIRED }).superRefine(ruleCheck(validIpv4, 'ip_address')),
  subnet_mask: z.string({ error: ValidationKey.REQUIRED }).superRefine(ruleCheck(validSubnetMask, 'subnet_mask')),
});

export const ServerConfigSchema = z.object({
  server_address: z.string(),
  port: z.number().int(),
  managed_server_address_info: ManagedServerAddressInfoSchema.nullable().optional(),
});
export type ServerConfig = z.infer<typeof ServerConfigSchema>;

export const ServerConfigInputSchema = z.strictObject({
  server_address: z
    .string({ error: ValidationKey.REQUIRED })
    .max(OPENVPN_REMOTE_HOST_MAX_LENGTH, ValidationKey.MAX_LENGTH)
    .superRefine(ruleCheck(validHostAddress, 'server_address')),
  port: PortSchema,
  managed_server_address_info: ManagedServerAddressInfoInputSchema.nullable().optional(),
});

export const AuthUserPassSchema = z.object({
  type: z.enum(AuthUserPassType),
  username: z.string().nullable().optional(),
  /** Never answered back; present only on input. */
  password: z.string().nullable().optional(),
});
export type AuthUserPass = z.infer<typeof AuthUserPassSchema>;

/**
 * Static credentials need a username and a password; dynamic and none carry none. Each is a
 * line of the file's <auth-user-pass> block: one OpenVPN reads whole (INLINE_LINE_MAX_LENGTH)
 * and cannot take for the block's end (validInlineLine).
 */
export const AuthUserPassInputSchema = z
  .strictObject({
    type: z.enum(AuthUserPassType, { error: ValidationKey.INVALID }),
    username: z
      .string()
      .max(INLINE_LINE_MAX_LENGTH, ValidationKey.MAX_LENGTH)
      .superRefine(ruleCheck(validInlineLine, 'username'))
      .nullable()
      .optional(),
    password: z
      .string()
      .max(INLINE_LINE_MAX_LENGTH, ValidationKey.MAX_LENGTH)
      .superRefine(ruleCheck(validInlineLine, 'password'))
      .nullable()
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.type !== 'static') return;
    for (const field of ['username', 'password'] as const) {
      if (!value[field]) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: ValidationKey.REQUIRED,
          params: { params: [field] },
        });
      }
    }
  })
  .transform((value) => (value.type === 'static' ? value : { type: value.type, username: null, password: null }));

export const CustomFieldSchema = z.object({ key_name: z.string(), key_value: z.string() });
export type CustomField = z.infer<typeof CustomFieldSchema>;

/**
 * Control characters are refused before trimming: a newline inside a value would start a new
 * directive in the generated file. Whether the key is allowed is error 83's (the provider's);
 * whether the value is what an allowed key takes is checked on the list (customValueProblem).
 */
export const CustomFieldInputSchema = z.strictObject({
  key_name: z
    .string()
    .max(64, ValidationKey.MAX_LENGTH)
    .superRefine(ruleCheck(noControlCharacters, 'key_name'))
    .transform((value) => value.trim()),
  key_value: z
    .string()
    .max(1024, ValidationKey.MAX_LENGTH)
    .superRefine(ruleCheck(noControlCharacters, 'key_value'))
    .transform((value) => value.trim()),
});

export const AdvancedConfigSchema = z.object({
  fragment: z.number().int().nullable().optional(),
  mssfix: z.number().int().nullable().optional(),
  auth: z.enum(AuthDigest).nullable().optional(),
  key_direction: z.number().int().nullable().optional(),
  remote_cert_tls: z.boolean().nullable().optional(),
  tls_auth: z.boolean().nullable().optional(),
  auth_user_pass: AuthUserPassSchema.nullable().optional(),
  custom_fields: z.array(CustomFieldSchema).nullable().optional(),
});
export type AdvancedConfig = z.infer<typeof AdvancedConfigSchema>;

/** fragment and mssfix: bytes, 0-65535 (0 turns them off). */
const packetSize = () =>
  numberInput(ValidationKey.INVALID)
    .int(ValidationKey.INVALID)
    .min(0, ValidationKey.AT_LEAST)
    .max(65535, ValidationKey.NOT_EXCEED);

/**
 * Blank custom rows (the form starts with one) are dropped; an empty list becomes null. A
 * value must be what its key takes, and keys OpenVPN refuses together are refused here
 * (customRowProblems), so the file says what was typed and OpenVPN accepts it.
 */
export const AdvancedConfigInputSchema = z.strictObject({
  fragment: packetSize().nullable().optional(),
  mssfix: packetSize().nullable().optional(),
  auth: z.enum(AuthDigest, { error: ValidationKey.INVALID }).nullable().optional(),
  key_direction: z
    .union([z.literal(0), z.literal(1)], { error: ValidationKey.INVALID })
    .nullable()
    .optional(),
  remote_cert_tls: z.boolean().nullable().optional(),
  tls_auth: z.boolean().nullable().optional(),
  auth_user_pass: AuthUserPassInputSchema.nullable().optional(),
  custom_fields: z
    .array(CustomFieldInputSchema)
    .max(100, ValidationKey.NOT_EXCEED)
    .transform((rows) => rows.filter((row) => row.key_name !== '' || row.key_value !== ''))
    .pipe(
      z
        .array(
          z.strictObject({
            key_name: z.string().min(1, ValidationKey.REQUIRED),
            key_value: z.string(),
          }),
        )
        .superRefine((rows, context) => {
          for (const { index, field, problem } of customRowProblems(rows)) {
            context.addIssue({
              code: 'custom',
              path: [index, field],
              message: problem.key,
              params: { params: problem.params },
            });
          }
        }),
    )
    .transform((rows) => (rows.length === 0 ? null : rows))
    .nullable()
    .optional(),
});

export const OpenVpnProfileSchema = z.object({
  id: IdSchema,
  name: z.string(),
  is_enabled: z.boolean(),
  /** Private mode; false is automatic. Certificates cannot be generated for a private profile. */
  is_private: z.boolean(),
  general_config: GeneralConfigSchema.nullable(),
  server_config: ServerConfigSchema.nullable(),
  advanced_config: AdvancedConfigSchema.nullable(),
  /** The CA family the profile's certificates come from. */
  ca_family: z.string().nullable().optional(),
});
export type OpenVpnProfile = z.infer<typeof OpenVpnProfileSchema>;

/**
 * POST and PUT /apps/openvpn/profiles. Empty sections are sent as null, except the server
 * section: without a server address and port the generated file has no `remote` line and
 * cannot connect, so a profile without one is refused.
 */
export const OpenVpnProfileInputSchema = z.strictObject({
  name: NameSchema,
  is_enabled: z.boolean().default(true),
  is_private: z.boolean().default(false),
  /** Form only: activate the profile on its devices at once. */
  auto_activate: z.boolean().default(false),
  general_config: GeneralConfigInputSchema.nullable().default(null),
  server_config: ServerConfigInputSchema,
  advanced_config: AdvancedConfigInputSchema.nullable().default(null),
  ca_family: z.string().max(64, ValidationKey.MAX_LENGTH).nullable().optional(),
});
export type OpenVpnProfileInput = z.infer<typeof OpenVpnProfileInputSchema>;

export const OpenVpnProfileCreateSchema = OpenVpnProfileInputSchema;
export type OpenVpnProfileCreate = OpenVpnProfileInput;
export const OpenVpnProfileUpdateSchema = OpenVpnProfileInputSchema;
export type OpenVpnProfileUpdate = OpenVpnProfileInput;

export const OpenVpnProfileListResponseSchema = z.object({ openvpn_profiles: z.array(OpenVpnProfileSchema) });
export type OpenVpnProfileListResponse = z.infer<typeof OpenVpnProfileListResponseSchema>;

/** Section 9 defaults for a new profile's general section. */
export const DEFAULT_GENERAL_CONFIG: Readonly<GeneralConfig> = Object.freeze({
  encryption_type: DEFAULT_ENCRYPTION_TYPE,
  compression_type: DEFAULT_COMPRESSION_TYPE,
  layer_type: DEFAULT_LAYER_TYPE,
});

/** The form starts with one empty custom row. */
export function emptyCustomFieldRows(): CustomField[] {
  return [{ key_name: '', key_value: '' }];
}

// auto_activate is form only; every other field is stored as sent (the password is never answered back).
type _OpenVpnProfileInputFitsProfile = FitsEntity<Omit<OpenVpnProfileInput, 'auto_activate'>, OpenVpnProfile>;
