import { z } from 'zod';
import { CertificationType } from '../constants/enums.js';
import { ValidationKey } from '../validation/rules.js';

/** A certificate common name: letters, digits, dot, underscore, hyphen and @, at most 64 (X.509). */
const CERTIFICATE_CN_PATTERN = /^[A-Za-z0-9._@-]+$/;
export const CERTIFICATE_CN_MAX_LENGTH = 64;

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
    .min(1, ValidationKey.REQUIRED)
    .max(CERTIFICATE_CN_MAX_LENGTH, ValidationKey.MAX_LENGTH)
    .regex(CERTIFICATE_CN_PATTERN, ValidationKey.INVALID_CHARACTERS),
  profileId: z.number({ error: ValidationKey.REQUIRED }).int(ValidationKey.INVALID).positive(ValidationKey.INVALID),
});
export type VpnCertificateRequest = z.infer<typeof VpnCertificateRequestSchema>;

/** The answer is binary: the file a VPN client imports. */
export const VPN_CERTIFICATE_CONTENT_TYPE = 'application/x-openvpn-profile';

export function vpnCertificateFileName(certificateCN: string): string {
  return `${certificateCN.replace(/[^A-Za-z0-9._@-]/g, '_')}.ovpn`;
}
