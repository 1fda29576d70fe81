import { z } from 'zod';

/**
 * What the product itself writes in an audit entry's detail, as a code and its parameters, so
 * each reader gets it in their own language (labels/codeLabels.ts): the console in the
 * user's, a CSV export in the one it asks for. The entry's `detail` keeps the en-US text for
 * callers that read only section 3's fields. A detail that is data (a file's name) stays text.
 */
export const AUDIT_DETAIL_PARAMS = {
  // Security events (action `event`): the entry's name is the account.
  loginSucceeded: [],
  loginFailed: [],
  loginRefusedDisabled: [],
  logout: [],
  passwordReset: [],
  emailChangeRequested: [],
  emailChanged: [],
  twoFactorSetupStarted: [],
  twoFactorActivated: [],
  twoFactorDeactivated: [],
  twoFactorVerified: [],
  twoFactorVerificationFailed: [],
  twoFactorLocked: [],
  twoFactorDeactivatedByManager: [],
  managerTwoFactorDeactivated: ['username'],
  // Changes.
  wallDisplay: [],
  createdOnFirstStart: [],
  simulatedFleet: ['devices', 'seed'],
  permissions: ['permissions'],
  noPermissions: [],
  environmentManager: ['username'],
  environmentsBelow: ['count'],
  renamedFrom: ['name'],
  rulesLostProfile: ['count'],
  certificateIssued: ['serial', 'profile'],
  pairingId: ['pairingId'],
  imported: ['pairingId'],
  // The simulator told to set a link (issue 28): the entry's name is the device.
  simulatedLinkDown: ['link'],
  simulatedLinkUp: ['link'],
} as const satisfies Record<string, readonly string[]>;

export type AuditDetailCode = keyof typeof AUDIT_DETAIL_PARAMS;
export const AUDIT_DETAIL_CODES = Object.keys(AUDIT_DETAIL_PARAMS) as AuditDetailCode[];

/** A detail the product writes: its code and exactly the parameters the code names. */
export type AuditDetail = {
  [Code in AuditDetailCode]: {
    readonly code: Code;
    readonly params: Readonly<Record<(typeof AUDIT_DETAIL_PARAMS)[Code][number], string>>;
  };
}[AuditDetailCode];

export function isAuditDetailCode(value: unknown): value is AuditDetailCode {
  return typeof value === 'string' && Object.hasOwn(AUDIT_DETAIL_PARAMS, value);
}

/** A detail as an answer carries it; an upstream's unknown code is kept (and shown by its text). */
export const AuditDetailParamsSchema = z.record(z.string(), z.string());

/** `auditDetail('renamedFrom', { name: 'gate' })`: a detail whose parameters the compiler checks. */
export function auditDetail<Code extends AuditDetailCode>(
  code: Code,
  ...[params]: (typeof AUDIT_DETAIL_PARAMS)[Code] extends readonly []
    ? []
    : [Readonly<Record<(typeof AUDIT_DETAIL_PARAMS)[Code][number], string | number>>]
): AuditDetail {
  const text = Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, String(value)]));
  return { code, params: text } as AuditDetail;
}
