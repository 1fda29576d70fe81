import { z } from 'zod';
import { DescriptionSchema, displayNameCheck, EmailSchema, IdSchema, NameSchema, PasswordSchema } from '../common.js';
import { TwoFactorStatusSchema } from '../auth/auth.js';
import { DEFAULT_USER_SEVERITY, NAME_MAX_LENGTH } from '../constants/constants.js';
import { isPermission } from '../permissions/permissions.js';

export const UserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  environment_id: IdSchema,
  environment_manager: z.boolean(),
  permissions: z.array(z.number().int()),
  severity: z.number().int(),
  is_disabled: z.boolean(),
  two_factor_auth_status: TwoFactorStatusSchema,
  /**
   * Devices granted to the user (section 6: plain device update and delete reach these and the
   * devices the user created). Absent from providers that do not keep them.
   */
  allowed_devices: z.array(IdSchema).optional(),
});
export type User = z.infer<typeof UserSchema>;

/** At most this many devices are granted to one user by id (a fleet's worth; groups are for more). */
export const ALLOWED_DEVICES_MAX = 10_000;

export const PermissionListSchema = z
  .array(z.number().int())
  .max(100)
  .refine((list) => list.every(isPermission), 'validation.invalid')
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));

export const SeveritySchema = z.number().int().min(0).max(3);

const UserFieldsSchema = z.strictObject({
  username: NameSchema,
  name: z
    .string()
    .max(NAME_MAX_LENGTH * 2)
    .superRefine(displayNameCheck())
    .nullable()
    .optional(),
  password: PasswordSchema,
  email: EmailSchema,
  description: DescriptionSchema.nullable().optional(),
  permissions: PermissionListSchema.default([]),
  severity: SeveritySchema.default(DEFAULT_USER_SEVERITY),
  is_disabled: z.boolean().default(false),
  /** Devices of the user's environment granted to them; absent leaves them as they are. */
  allowed_devices: z
    .array(IdSchema)
    .max(ALLOWED_DEVICES_MAX)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
    .optional(),
});

export const UserCreateSchema = z.strictObject({ user: UserFieldsSchema });
export type UserCreate = z.infer<typeof UserCreateSchema>;

/** Password null means unchanged. */
export const UserUpdateSchema = z.strictObject({
  user: UserFieldsSchema.extend({ password: PasswordSchema.nullable().optional() }),
});
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

export const UserListResponseSchema = z.object({ users: z.array(UserSchema) });
