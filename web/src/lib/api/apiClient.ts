import {
  API_BASE,
  ApiError,
  ApiErrorBodySchema,
  HttpErrorKind,
  httpErrorKindFor,
  requestPathOf,
  type AccessToken,
  type ApiErrorBody,
  type EndpointAnswer,
  type EndpointRequest,
  type EndpointSpec,
} from '@halo/shared';
import { parse as parseContentDisposition } from 'content-disposition';
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

/** A downloaded file: its bytes and the name the answer gave it. */
export interface DownloadedFile {
  readonly blob: Blob;
  /** From Content-Disposition; null when the answer named none. */
  readonly fileName: string | null;
}

/** What `call` answers: the endpoint's parsed JSON answer, or the file of a download. */
export type CallAnswer<Spec extends EndpointSpec> = Spec['kind'] extends 'download'
  ? DownloadedFile
  : EndpointAnswer<Spec>;

export interface CallOptions {
  readonly signal?: AbortSignal;
  /** An upload's file, sent as the endpoint's multipart file part. */
  readonly file?: File;
  /** For a caller that does not read the answer (a list reloads after a save): it is not parsed. */
  readonly discardAnswer?: boolean;
}

export interface ApiClient {
  /**
   * Calls one endpoint of the shared contract: its path filled in from `params`, `query` in
   * the URL, `body` as JSON (or `file` as multipart for an upload), the answer parsed with the
   * declared schema (or read as a file for a download). Public endpoints send no token.
   */
  call<Spec extends EndpointSpec>(
    endpoint: Spec,
    input: EndpointRequest<Spec>,
    options?: CallOptions,
  ): Promise<CallAnswer<Spec>>;
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

/** The file name a Content-Disposition header gives (RFC 6266, the extended form included), if any. */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  try {
    return parseContentDisposition(contentDisposition).parameters.filename ?? null;
  } catch {
    return null;
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

  /** One HTTP exchange: the token, the loading indicator, and every failure as the shared ApiError. */
  async function send(
    method: HttpMethod,
    path: string,
    init: { body?: BodyInit; contentType?: string; authenticated: boolean; signal?: AbortSignal | undefined },
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (init.contentType) headers['Content-Type'] = init.contentType;
    const token = init.authenticated ? options.getToken() : null;
    if (token) headers.Authorization = `${token.token_type} ${token.access_token}`;

    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    pending$.next(pending$.value + 1);
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, { method, headers, body: init.body, signal: init.signal });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, { error: HttpErrorKind.SERVICE_UNAVAILABLE, message: String(cause) });
    } finally {
      pending$.next(Math.max(0, pending$.value - 1));
    }
    if (!response.ok) {
      const error = await apiErrorFromResponse(response);
      if (response.status === 401 && init.authenticated) unauthorized$.next(error);
      throw error;
    }
    return response;
  }

  async function parsed<T>(response: Response, schema: ResponseSchema<T> | undefined): Promise<T> {
    const json = await readJson(response);
    if (!schema) return json as T;
    const result = schema.safeParse(json);
    if (!result.success) {
      throw new ApiError(response.status, { error: HttpErrorKind.GENERAL, message: 'Unexpected response' });
    }
    return result.data;
  }

  async function request<T>(method: HttpMethod, path: string, requestOptions: RequestOptions<T> = {}): Promise<T> {
    const response = await send(method, path, {
      ...(requestOptions.body === undefined
        ? {}
        : { body: JSON.stringify(requestOptions.body), contentType: 'application/json' }),
      authenticated: requestOptions.authenticated ?? true,
      signal: requestOptions.signal,
    });
    return parsed(response, requestOptions.schema);
  }

  async function call<Spec extends EndpointSpec>(
    endpoint: Spec,
    input: EndpointRequest<Spec>,
    callOptions: CallOptions = {},
  ): Promise<CallAnswer<Spec>> {
    const { body } = input as { body?: unknown };
    const path = requestPathOf(endpoint, input);
    const authenticated = endpoint.access !== 'public';
    let payload: { body?: BodyInit; contentType?: string } = {};
    if (endpoint.kind === 'upload') {
      if (!callOptions.file) throw new TypeError(`${endpoint.method} ${endpoint.path} uploads a file; none was given`);
      const form = new FormData();
      form.append(endpoint.file?.field ?? 'file', callOptions.file, callOptions.file.name);
      payload = { body: form };
    } else if (body !== undefined) {
      payload = { body: JSON.stringify(body), contentType: 'application/json' };
    }
    const response = await send(endpoint.method, path, { ...payload, authenticated, signal: callOptions.signal });
    if (endpoint.kind === 'download') {
      const file: DownloadedFile = {
        blob: await response.blob(),
        fileName: fileNameOf(response.headers.get('Content-Disposition')),
      };
      return file as CallAnswer<Spec>;
    }
    if (callOptions.discardAnswer) return undefined as CallAnswer<Spec>;
    return (await parsed(response, endpoint.answer)) as CallAnswer<Spec>;
  }

  return {
    call,
    request,
    get: (path, requestOptions) => request('GET', path, requestOptions),
    post: (path, body, requestOptions) => request('POST', path, { ...requestOptions, body }),
    unauthorized$,
    pending$,
  };
}
