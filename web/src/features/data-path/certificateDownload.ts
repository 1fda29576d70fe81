import { API, ApiError, vpnCertificateFileName, type VpnCertificateRequest } from '@halo/shared';
import { api, saveFile } from '../../lib/api';

/**
 * POST /vpn_certificates answers the file itself: it is saved under the name the answer gives
 * (after the CN when the answer names none).
 */
export async function downloadCertificate(environmentId: number, request: VpnCertificateRequest): Promise<void> {
  const { blob, fileName } = await api.call(API.vpn.generateCertificate, { params: { environmentId }, body: request });
  saveFile(blob, fileName ?? vpnCertificateFileName(request.certificateCN));
}

/** What a failed generation shows: a 500 there is the VPN generate failure (section 8). */
export function certificateErrorKey(error: unknown, fallback: (error: unknown) => string): string {
  if (ApiError.is(error) && error.status === 500) return 'errors.vpnGenerateFailed';
  return fallback(error);
}
