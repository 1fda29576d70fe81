import {
  API_BASE,
  ApiError,
  ApiErrorBodySchema,
  HttpErrorKind,
  httpErrorKindFor,
  type AccessToken,
  type ApiErrorBody,
} from '@halo/shared';
import { BehaviorSubject, Subject } from 'rxjs';

/** Anything with zod's safeParse: the shared schemas. */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions<T> {
  /** JSON body; omitted for GET. */
  readonly body?: unknown;
  /** Schema the answer must satisfy; without one the parsed JSON is returned as unknown. */
  readonly schema?: ResponseSchema<T>;
  /**
   * False for calls made before there is a session (login, forgot, reset): no Authorization
   * header, and a 401 there is the call's own answer, not the end of the session.
   */
  readonly authenticated?: boolean;
  readonly signal?: AbortSignal;
}

export interface ApiClient {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  /** Emits whenever an authenticated call answers 401: the session is over (spec section 4). */
  readonly unauthorized$: Subject<ApiError>;
  /** Calls in flight, for the global loading indicator. */
  readonly pending$: BehaviorSubject<number>;
}

export interface ApiClientOptions {
  /** The current token, read on every call so a new login or verification takes effect at once. */
  readonly getToken: () => AccessToken | null;
  readonly fetch?: typeof fetch;
  readonly baseUrl?: string;
}

function errorBodyFor(status: number, message: string, fields?: Record<string, unknown>): ApiErrorBody {
  return fields ? { error: httpErrorKindFor(status), message, fields } : { error: httpErrorKindFor(status), message };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Builds the shared ApiError out of any failed answer, in the spec's `{error, message, fields}` shape. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const parsed = ApiErrorBodySchema.safeParse(await readJson(response));
  if (parsed.success) return new ApiError(response.status, parsed.data);
  return new ApiError(response.status, errorBodyFor(response.status, response.statusText || `HTTP ${response.status}`));
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? API_BASE;
  const unauthorized$ = new Subject<ApiError>();
  const pending$ = new BehaviorSubject(0);

  async function request<T>(method: HttpMethod, path: string, requestOptions: RequestOptions<T> = {}): Promise<T> {
    const authenticated = requestOptions.authenticated ?? true;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (requestOptions.body !== undefined) headers['Content-Type'] = 'application/json';
    const token = authenticated ? options.getToken() : null;
    if (token) headers.Authorization = `${token.token_type} ${token.access_token}`;

    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    pending$.next(pending$.value + 1);
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: requestOptions.body === undefined ? undefined : JSON.stringify(requestOptions.body),
        signal: requestOptions.signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, { error: HttpErrorKind.SERVICE_UNAVAILABLE, message: String(cause) });
    } finally {
      pending$.next(Math.max(0, pending$.value - 1));
    }

    if (!response.ok) {
      const error = await apiErrorFromResponse(response);
      if (response.status === 401 && authenticated) unauthorized$.next(error);
      throw error;
    }
    const json = await readJson(response);
    if (!requestOptions.schema) return json as T;
    const parsed = requestOptions.schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError(response.status, { error: HttpErrorKind.GENERAL, message: 'Unexpected response' });
    }
    return parsed.data;
  }

  return {
    request,
    get: (path, requestOptions) => request('GET', path, requestOptions),
    post: (path, body, requestOptions) => request('POST', path, { ...requestOptions, body }),
    unauthorized$,
    pending$,
  };
}
