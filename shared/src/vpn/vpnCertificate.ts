import { z } from 'zod';
import { CertificationType } from '../constants/enums.js';
import { isBlank, ValidationKey, type Rule } from '../validation/rules.js';
import { ruleCheck } from '../validation/zodRules.js';

/** A certificate common name: letters, digits, dot, underscore, hyphen and @, at most 64 (X.509). */
const CERTIFICATE_CN_PATTERN = /^[A-Za-z0-9._@-]+$/;
export const CERTIFICATE_CN_MAX_LENGTH = 64;

/**
 * One problem at a time: required, then length, then characters. A character outside the set
 * is answered with a message that names the set and the length limit (the user cannot guess them).
 */
export const validCertificateCn: Rule = (value, field) => {
  if (isBlank(value) || typeof value !== 'string') return { key: ValidationKey.REQUIRED, params: [field] };
  if (value.length > CERTIFICATE_CN_MAX_LENGTH)
    return { key: ValidationKey.MAX_LENGTH, params: [CERTIFICATE_CN_MAX_LENGTH] };
  return CERTIFICATE_CN_PATTERN.test(value)
    ? null
    : { key: ValidationKey.CERTIFICATE_CN_CHARACTERS, params: [field, CERTIFICATE_CN_MAX_LENGTH] };
};

const CERTIFICATION_TYPES: readonly number[] = Object.values(CertificationType);

/**
 * POST /vpn_certificates: certification type and CN are required (the form starts the type
 * at DEFAULT_CERTIFICATION_TYPE); the answer is the certificate file itself.
 */
export const VpnCertificateRequestSchema = z.strictObject({
  certificationType: z
    .number({ error: ValidationKey.REQUIRED })
    .refine((value) => CERTIFICATION_TYPES.includes(value), ValidationKey.INVALID),
  certificateCN: z
    .string({ error: ValidationKey.REQUIRED })
    .trim()
    .superRefine(ruleCheck(validCertificateCn, 'certificateCN')),
  profileId: z.number({ error: ValidationKey.REQUIRED }).int(ValidationKey.INVALID).positive(ValidationKey.INVALID),
});
export type VpnCertificateRequest = z.infer<typeof VpnCertificateRequestSchema>;

/** The answer is binary: the file a VPN client imports. */
export const VPN_CERTIFICATE_CONTENT_TYPE = 'application/x-openvpn-profile';

export function vpnCertificateFileName(certificateCN: string): string {
  return `${certificateCN.replace(/[^A-Za-z0-9._@-]/g, '_')}.ovpn`;
}
