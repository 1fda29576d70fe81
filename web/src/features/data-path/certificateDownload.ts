import {
  API,
  ApiError,
  ErrorCode,
  errorDetailFor,
  VpnCertificateRequestSchema,
  vpnCertificateFileName,
  type ErrorDetail,
  type VpnCertificateRequest,
} from '@halo/shared';
import { api, saveFile } from '../../lib/api';

/**
 * POST /vpn_certificates answers the file itself: it is saved under the name the answer gives
 * (after the CN when the answer names none).
 */
export async function downloadCertificate(environmentId: number, request: VpnCertificateRequest): Promise<void> {
  const { blob, fileName } = await api.call(API.vpn.generateCertificate, { params: { environmentId }, body: request });
  saveFile(blob, fileName ?? vpnCertificateFileName(request.certificateCN));
}

const REQUEST_FIELDS: ReadonlySet<string> = new Set(Object.keys(VpnCertificateRequestSchema.shape));

/**
 * What a failed generation shows: a 500 there is the VPN generate failure (section 8); error 1
 * about the profile's own fields (a stored value the file cannot hold) says to edit the profile.
 */
export function certificateErrorKey(error: unknown, fallback: (error: unknown) => string): string {
  if (ApiError.is(error) && error.status === 500) return 'errors.vpnGenerateFailed';
  const fields = ApiError.is(error) ? Object.keys(error.body.fields ?? {}) : [];
  if (
    ApiError.is(error) &&
    error.body.error === ErrorCode.MISSING_VALUES &&
    fields.some((field) => !REQUEST_FIELDS.has(field))
  ) {
    return 'dataPath.certificate.profileNotWritable';
  }
  return fallback(error);
}

/** The line under the message that names what was refused (the keys of 82 and 83). */
export function certificateErrorDetail(error: unknown): ErrorDetail | null {
  return ApiError.is(error) ? errorDetailFor(error.body.error, error.body.fields) : null;
}
