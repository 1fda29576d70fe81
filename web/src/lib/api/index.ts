import { loadStoredToken } from '../session/sessionStore';
import { createApiClient } from './apiClient';

export { apiErrorFromResponse, createApiClient } from './apiClient';
export type { ApiClient, ApiClientOptions, HttpMethod, RequestOptions, ResponseSchema } from './apiClient';
export { errorMessage, errorMessageKey } from './errorMessage';

/** The one API client of the app: it reads the session's token from storage on every call. */
export const api = createApiClient({ getToken: loadStoredToken });
