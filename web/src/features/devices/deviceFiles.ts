import { API_BASE, ApiError, HttpErrorKind, fileNameFromContentDisposition } from '@halo/shared';
import { api, apiErrorFromResponse } from '../../lib/api';
import { currentToken } from '../../lib/session';

/** A file call (multipart upload, blob download): the app's token, the app's errors, the loading indicator. */
async function fileRequest(path: string, init: RequestInit): Promise<Response> {
  const token = currentToken();
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `${token.token_type} ${token.access_token}`);
  api.pending$.next(api.pending$.value + 1);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { ...init, headers });
  } catch (cause) {
    throw new ApiError(0, { error: HttpErrorKind.SERVICE_UNAVAILABLE, message: String(cause) });
  } finally {
    api.pending$.next(Math.max(0, api.pending$.value - 1));
  }
  if (!response.ok) {
    const error = await apiErrorFromResponse(response);
    if (response.status === 401) api.unauthorized$.next(error);
    throw error;
  }
  return response;
}

/** POST a file as multipart form data under `field`; answers the parsed JSON. */
export async function uploadFile(path: string, field: string, file: File): Promise<unknown> {
  const form = new FormData();
  form.append(field, file, file.name);
  const response = await fileRequest(path, { method: 'POST', body: form, headers: { Accept: 'application/json' } });
  return (await response.json()) as unknown;
}

/** POST JSON and take the answer as a file: its blob and the name from content-disposition. */
export async function downloadFile(
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await fileRequest(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
  const fileName = fileNameFromContentDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  return { blob: await response.blob(), fileName };
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
