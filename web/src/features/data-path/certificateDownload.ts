import { apiPaths, ApiError, API_BASE, vpnCertificateFileName, type VpnCertificateRequest } from '@halo/shared';
import { api, apiErrorFromResponse } from '../../lib/api';
import { currentToken } from '../../lib/session';

export interface CertificateFile {
  readonly blob: Blob;
  readonly fileName: string;
}

/** The file name of a Content-Disposition header (`attachment; filename="x.ovpn"`), if any. */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(contentDisposition);
  return plain?.[1]?.trim() || null;
}

/**
 * POST /vpn_certificates answers the file itself, not JSON: read it as a blob and name it
 * from Content-Disposition (after the CN when the header says nothing).
 */
export async function requestCertificate(
  environmentId: number,
  request: VpnCertificateRequest,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<CertificateFile> {
  const token = currentToken();
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `${token.token_type} ${token.access_token}`;
  api.pending$.next(api.pending$.value + 1);
  let response: Response;
  try {
    response = await fetchImpl(`${API_BASE}${apiPaths.vpn.certificates(environmentId)}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
    });
  } catch (cause) {
    throw new ApiError(0, { error: 'serviceUnavailable', message: String(cause) });
  } finally {
    api.pending$.next(Math.max(0, api.pending$.value - 1));
  }
  if (!response.ok) {
    const error = await apiErrorFromResponse(response);
    if (response.status === 401) api.unauthorized$.next(error);
    throw error;
  }
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition')) ?? vpnCertificateFileName(request.certificateCN),
  };
}

/** What a failed generation shows: a 500 there is the VPN generate failure (section 8). */
export function certificateErrorKey(error: unknown, fallback: (error: unknown) => string): string {
  if (ApiError.is(error) && error.status === 500) return 'errors.vpnGenerateFailed';
  return fallback(error);
}

/** Hands the file to the browser as a download. */
export function saveFile({ blob, fileName }: CertificateFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
