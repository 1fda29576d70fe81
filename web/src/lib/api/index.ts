import { currentToken } from '../session/sessionStore';
import { createApiClient } from './apiClient';

export { apiErrorFromResponse, createApiClient, fileNameOf } from './apiClient';
export type {
  ApiClient,
  ApiClientOptions,
  CallAnswer,
  CallOptions,
  DownloadedFile,
  HttpMethod,
  RequestOptions,
  ResponseSchema,
} from './apiClient';
export { errorDetail, errorDetailOf, errorMessage, errorMessageKey } from './errorMessage';

/** The one API client of the app: it sends this tab's session token on every call. */
export const api = createApiClient({ getToken: currentToken });
export { saveFile } from './saveFile';
export { useApiValue, type ApiValue } from './useApiValue';
export { useSubmission } from './useSubmission';
