import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants/constants.js';
import { TwoFactorStatus } from '../constants/enums.js';
import { isOtpCode } from '../validation/rules.js';

/** Bounded so a login body can never carry megabytes into a hash function. */
const credential = (max: number) => z.string().min(1, 'validation.required').max(max, 'validation.maxLength');

export const LoginRequestSchema = z.strictObject({
  username: credential(NAME_MAX_LENGTH),
  password: credential(PASSWORD_MAX_LENGTH),
  environment_name: credential(NAME_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const AccessTokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().min(1),
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;

export const TwoFactorStatusSchema = z.union([
  z.literal(TwoFactorStatus.INACTIVE),
  z.literal(TwoFactorStatus.PENDING),
  z.literal(TwoFactorStatus.ACTIVE),
]);

export const SessionEntitiesSchema = z.object({
  devices: z.array(z.number().int()),
});
export type SessionEntities = z.infer<typeof SessionEntitiesSchema>;

/** A person's session, or a wall display's (shared/src/wall-displays/displayAccess.ts says what it may read). */
export const SessionKind = { USER: 'user', DISPLAY: 'display' } as const;
export type SessionKind = (typeof SessionKind)[keyof typeof SessionKind];

/** The login response of spec section 7, also answered by auth/2fa/verify and auth/session. */
export const LoginResponseSchema = z.object({
  token: AccessTokenSchema,
  name: z.string(),
  user_id: z.number().int(),
  environment_id: z.number().int(),
  environment_name: z.string(),
  parent_environment_id: z.number().int().nullable(),
  environment_manager: z.boolean(),
  permissions: z.array(z.number().int()),
  enabled_feature_ids: z.array(z.number().int()),
  entities: SessionEntitiesSchema,
  two_factor_auth: z.object({ setup_status: TwoFactorStatusSchema }),
  /** True once the second factor was verified for this session (or 2FA is not active). */
  verified: z.boolean(),
  realm_type: z.number().int(),
  /** 'display' for a wall display's read-only session; absent or 'user' for a person. */
  session_kind: z.enum([SessionKind.USER, SessionKind.DISPLAY]).optional(),
  /** The IANA zone the user reads and enters times in; null or absent: the browser's (issue 39, item 15). */
  time_zone: z.string().nullable().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const ForgotPasswordRequestSchema = z.strictObject({
  email: z.string().min(1, 'validation.required').max(EMAIL_MAX_LENGTH, 'validation.maxLength'),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const ResetPasswordRequestSchema = z.strictObject({
  token: z.string().min(1, 'validation.required').max(256),
  password: z
    .string()
    .min(1, 'validation.required')
    .max(PASSWORD_MAX_LENGTH * 4),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** Whose password a reset link sets; the endpoint is public, so nothing more. */
export const CheckTokenResponseSchema = z.object({
  valid: z.literal(true),
  username: z.string(),
  environment_name: z.string(),
});
export type CheckTokenResponse = z.infer<typeof CheckTokenResponseSchema>;

export const OtpCodeSchema = z.string().refine(isOtpCode, 'validation.invalid');

export const OtpRequestSchema = z.strictObject({ otp_code: OtpCodeSchema });
export type OtpRequest = z.infer<typeof OtpRequestSchema>;

export const TwoFactorSetupResponseSchema = z.object({
  otpUri: z.string(),
  setupStatus: TwoFactorStatusSchema,
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponseSchema>;

export const TwoFactorStatusResponseSchema = z.object({ setupStatus: TwoFactorStatusSchema });
export type TwoFactorStatusResponse = z.infer<typeof TwoFactorStatusResponseSchema>;

export const OkResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponseSchema>;

/** Why a session ended: carried by `session.ended` and shown on the session-expired page. */
export const SessionEndReason = {
  LOGGED_OUT: 'loggedOut',
  EXPIRED: 'expired',
  REPLACED: 'replaced',
  DISABLED: 'disabled',
  PERMISSIONS_CHANGED: 'permissionsChanged',
  DELETED: 'deleted',
  /** A wall display's session revoked by a manager. */
  REVOKED: 'revoked',
} as const;
export type SessionEndReason = (typeof SessionEndReason)[keyof typeof SessionEndReason];
export const SessionEndReasonSchema = z.enum(
  Object.values(SessionEndReason) as [SessionEndReason, ...SessionEndReason[]],
);
