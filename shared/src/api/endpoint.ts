import type { z } from 'zod';
import type { ErrorCode, HttpErrorKind } from '../errors/errorCatalogue.js';
import { can, type Capability } from '../permissions/can.js';

/**
 * One API call, declared once: the provider registers its route from it, the web calls it
 * through it, the gateway parses upstream answers with it and the OpenAPI document is
 * generated from it. A declaration lives beside its domain (`shared/src/users/usersApi.ts`).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call, before any permission number is asked:
 * - `public`: anyone (login, password reset, the server clock);
 * - `pending`: a session, even one still waiting for its second factor (2FA verify);
 * - `sessionCheck`: a session, even a pending one, without counting as activity (the gateway's check);
 * - `anySession`: any session, a wall display's included, counted as activity (logout);
 * - `user`: a signed-in user past 2FA. Paths under `/config/{environmentId}` are also scoped
 *   to the caller's own environment or one below it.
 */
export type EndpointAccess = 'public' | 'pending' | 'sessionCheck' | 'anySession' | 'user';

/**
 * `json`: a JSON body (if any) and a JSON answer. `upload`: a multipart form whose file part
 * the handler reads after authentication. `download`: a JSON body and a file answer whose name
 * comes in Content-Disposition.
 */
export type EndpointKind = 'json' | 'upload' | 'download';

/**
 * How an answer that holds a collection (an array anywhere in it, or a file) stays bounded
 * whatever the data holds (DESIGN.md, "its bound"):
 * - `single`: one entity, or a set whose size the product fixes, not the data (a threshold
 *   per attribute type, counts per severity);
 * - `paged`: a page at a time (a cursor, an offset or keyset), with a maximum page size;
 * - `capped`: at most a maximum count: the request may not ask for more (error 1 or 3), or the
 *   answer says it was cut (HeatSight's cells above its raw limit, a change feed's `more`);
 * - `streamed`: the whole set, as the spec's call answers it (`GET /devices`, an export), read
 *   in batches in a read worker and written as it comes, so memory holds a batch, not the set;
 * - `unbounded`: the whole set in one piece, none of the above yet: a debt, each one listed in
 *   contract.test.ts, so a new one is a decision, not an accident.
 * OpenAPI shows it as `x-halo-bound`.
 */
export type EndpointBound = 'single' | 'paged' | 'capped' | 'streamed' | 'unbounded';

export interface EndpointSpec {
  readonly method: HttpMethod;
  /** Relative to API_BASE, with OpenAPI-style parameters: `/config/{environmentId}/users/{id}`. */
  readonly path: string;
  /** One line for the reference page. */
  readonly summary: string;
  /** The reference page's section: the domain the call belongs to. */
  readonly tag: string;
  readonly access: EndpointAccess;
  /**
   * The section 6 capability checked before the handler runs, or the list of them when the call
   * needs several, every one of them (acknowledging alarms needs seeing them too); absent when
   * none is needed beyond `access`. Finer checks (one device, one user) stay in the handler.
   */
  readonly capability?: Capability | readonly [Capability, ...Capability[]];
  /** The 403 kind answered without a capability (`forbidden` unless the spec names another). */
  readonly refusal?: HttpErrorKind;
  /** Path parameters other than ids (ids are positive integers, checked with error 6). */
  readonly params?: z.ZodObject<Record<string, z.ZodType<string>>>;
  /** Query parameters; a refusal is error 3. */
  readonly query?: z.ZodType;
  /** JSON body; a refusal is error 1 (or 32 for a password alone). */
  readonly body?: z.ZodType;
  /** The answer of a `json` call. */
  readonly answer?: z.ZodType;
  /** 201 for calls that create. */
  readonly status?: 200 | 201;
  /** Numeric codes of section 8 the call may answer besides error 1. */
  readonly errors?: readonly ErrorCode[];
  readonly kind?: EndpointKind;
  /** How a collection answer stays bounded (EndpointBound); required of every one by contract.test.ts. */
  readonly bound?: EndpointBound;
  /**
   * A `capped` list of what people create: the most items its answer may hold, because a
   * creation past it is refused (COLLECTION_CAPS per environment with error 180; an alarm
   * webhook's and a saved view's own limits). OpenAPI shows it as `x-halo-cap`.
   */
  readonly cap?: number;
  /** `download`: the media type of the file. `upload`: the name of the form's file part. */
  readonly file?: { readonly contentType?: string; readonly field?: string };
}

/** Every capability a call needs, in the order declared (none for a call that needs only its access). */
export function capabilitiesOf(endpoint: Pick<EndpointSpec, 'capability'>): readonly Capability[] {
  const { capability } = endpoint;
  if (capability === undefined) return [];
  return typeof capability === 'string' ? [capability] : capability;
}

/** Whether `subject` holds every capability the call needs: what the provider checks, and a screen asks before offering the call. */
export function canCall(subject: unknown, endpoint: Pick<EndpointSpec, 'capability'>): boolean {
  return capabilitiesOf(endpoint).every((capability) => can(subject, capability));
}

/** Declares one call; `const` keeps its literal path and schemas in the type. */
export function defineEndpoint<const Spec extends EndpointSpec>(spec: Spec): Spec {
  return spec;
}

type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/** The values a path template needs: `{ environmentId, id }` for `/config/{environmentId}/users/{id}`. */
export type PathParams<Path extends string> = { readonly [Name in ParamNames<Path>]: string | number };

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;
type Sent<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;

/** What a handler receives, parsed with the declared schemas. */
export interface EndpointInput<Spec extends EndpointSpec> {
  readonly params: {
    readonly [Name in ParamNames<Spec['path']>]: Spec['params'] extends z.ZodType
      ? z.output<Spec['params']>[Name]
      : number;
  };
  readonly query: Parsed<Spec['query']>;
  readonly body: Parsed<Spec['body']>;
}

/** What a client sends: path values, and the query and body the schemas accept. */
export type EndpointRequest<Spec extends EndpointSpec> = (ParamNames<Spec['path']> extends never
  ? { readonly params?: undefined }
  : { readonly params: PathParams<Spec['path']> }) &
  (Spec['query'] extends z.ZodType
    ? // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "every parameter optional"
      {} extends Sent<Spec['query']>
      ? { readonly query?: Sent<Spec['query']> }
      : { readonly query: Sent<Spec['query']> }
    : { readonly query?: undefined }) &
  (Spec['body'] extends z.ZodType ? { readonly body: Sent<Spec['body']> } : { readonly body?: undefined });

/**
 * A file answer: its name and bytes, or a stream of text chunks for a file too large to hold
 * (an export of everything a log filter selects), written as it is read.
 */
export interface FileAnswer {
  readonly fileName: string;
  readonly contentType: string;
  /** Its bytes, or its chunks as they are read: text, or UTF-8 bytes (a read worker's, moved to the loop). */
  readonly data: Uint8Array | AsyncIterable<string | Uint8Array>;
}

/** What the call answers: the parsed JSON answer, or a file. */
export type EndpointAnswer<Spec extends EndpointSpec> = Spec['kind'] extends 'download'
  ? FileAnswer
  : Parsed<Spec['answer']>;

/** What a handler returns: the JSON answer before parsing (or a file). */
export type EndpointReply<Spec extends EndpointSpec> = Spec['kind'] extends 'download'
  ? FileAnswer
  : Sent<Spec['answer']>;

const PARAMETER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The parameter names of a path template, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(PARAMETER)].map((match) => match[1] as string);
}

/** The template with its values filled in, each one URL-encoded: `/config/3/users/7`. */
export function pathOf<Spec extends EndpointSpec>(endpoint: Spec, params?: PathParams<Spec['path']>): string {
  const values = (params ?? {}) as Readonly<Record<string, string | number>>;
  return endpoint.path.replace(PARAMETER, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new TypeError(`${endpoint.method} ${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The template in Express's spelling: `/config/:environmentId/users/:id`. */
export function expressPathOf(endpoint: Pick<EndpointSpec, 'path'>): string {
  return endpoint.path.replace(PARAMETER, (_whole, name: string) => `:${name}`);
}

/** `GET /config/{environmentId}/users`: how logs, tests and the reference page name a call. */
export const routeKeyOf = (endpoint: Pick<EndpointSpec, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;

/** The prefix of calls scoped to one environment. */
export const CONFIG_PREFIX = '/config/{environmentId}';

export const isEnvironmentScoped = (endpoint: Pick<EndpointSpec, 'path'>) =>
  endpoint.path.startsWith(`${CONFIG_PREFIX}/`);

/** The path under which an environment's calls live, plus `rest`: `/config/3/devices`. */
export const environmentPath = (environmentId: number | string, rest = '') =>
  `${CONFIG_PREFIX.replace('{environmentId}', encodeURIComponent(String(environmentId)))}${rest}`;

/** Paths scoped to an environment, as a TypeScript type. */
export type EnvironmentScopedPath = `${typeof CONFIG_PREFIX}/${string}`;
