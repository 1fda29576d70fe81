import {
  ApiError,
  errorDetailFor,
  ErrorCode,
  fieldOfErrorCode,
  fieldProblems,
  ValidationKey,
  type ApiErrorBody,
  type EndpointSpec,
  type EnvironmentScopedPath,
  type ErrorDetail,
} from '@halo/shared';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ApiClient } from '../lib/api';
import { errorMessageKey } from '../lib/api';
import { problemText } from '../lib/i18n';
import { lastPartOf } from './problemField';

type Id = number | string;

/** Where a resource's calls live: under the current environment, `/config/{environmentId}/groups`. */
type ItemPath = `${EnvironmentScopedPath}/{id}${string}`;

/** The list call: its answer, already parsed with the contract's schema, is `Answer`. */
export interface ListEndpoint<Answer> extends EndpointSpec {
  readonly path: EnvironmentScopedPath;
  readonly answer: z.ZodType<Answer>;
}

/** The create call: it takes a JSON body of type `Body` (the contract schema's input). */
export interface CreateEndpoint<Body> extends EndpointSpec {
  readonly path: EnvironmentScopedPath;
  readonly body: z.ZodType<unknown, Body>;
}

/** The update call of one item (`.../groups/{id}`), with a JSON body of type `Body`. */
export interface UpdateEndpoint<Body> extends EndpointSpec {
  readonly path: ItemPath;
  readonly body: z.ZodType<unknown, Body>;
}

/** A call on one item that takes no body: delete, and row actions (`.../users/{id}/2fa/deactivate`). */
export interface ItemEndpoint extends EndpointSpec {
  readonly path: ItemPath;
  readonly body?: undefined;
}

/**
 * What the kit needs to know about one API resource: its endpoints in the shared contract and
 * how its list answer's rows are picked out (`{ users: [...] }` → rows). The create and
 * update bodies are the contract's, so a screen's `toPayload` is checked against them.
 */
export interface ResourceDefinition<Row, Answer = unknown, CreateBody = unknown, UpdateBody = unknown> {
  /** Names the resource in test ids, i18n keys and the search store: `users`, `devices`. */
  readonly name: string;
  readonly endpoints: {
    readonly list: ListEndpoint<Answer>;
    readonly create: CreateEndpoint<CreateBody>;
    readonly update: UpdateEndpoint<UpdateBody>;
    readonly remove: ItemEndpoint;
  };
  rowsOf(answer: Answer): readonly Row[];
  /** Extra per-row calls (POST), e.g. `deactivateTwoFactor`. */
  readonly actions?: Readonly<Record<string, ItemEndpoint>>;
}

/** Declares a resource with its list answer and write bodies inferred from the contract's endpoints. */
export function defineResource<Row, Answer, CreateBody, UpdateBody>(
  definition: ResourceDefinition<Row, Answer, CreateBody, UpdateBody>,
): ResourceDefinition<Row, Answer, CreateBody, UpdateBody> {
  return definition;
}

/**
 * A request body as a form holds it while the user types: the body's shape (every key it
 * requires, no key it does not know), each value of its kind but possibly not yet one the
 * rules accept (a type number of a select, an empty port as null). The compiler checks the
 * shape; the shared schema checks the values, and a draft is sent only once it accepts them.
 */
export type DraftOf<Body> = Body extends readonly (infer Item)[]
  ? readonly DraftOf<Item>[]
  : Body extends number
    ? number | null
    : Body extends string
      ? string | null
      : Body extends boolean
        ? boolean | null
        : Body extends object
          ? { readonly [Key in keyof Body]: DraftOf<Body[Key]> | null }
          : Body | null;

/**
 * The draft as the call's body, once the contract's own schema accepts it. The dialog never
 * saves a form its schema refuses, so this holds; should a screen's schema be looser than the
 * contract's, the save is refused here as the provider would refuse it (error 1, the fields).
 */
function sendable<Body>(endpoint: { readonly body: z.ZodType<unknown, Body> }, draft: DraftOf<Body>): Body {
  const accepted = (value: DraftOf<Body>): value is DraftOf<Body> & Body => endpoint.body.safeParse(value).success;
  if (accepted(draft)) return draft;
  const result = endpoint.body.safeParse(draft);
  const fields = Object.fromEntries(
    result.success ? [] : fieldProblems(result.error).map((problem) => [problem.path || '(body)', problem.key]),
  );
  throw new ApiError(400, { error: ErrorCode.MISSING_VALUES, message: 'Required fields missing or invalid', fields });
}

/** The body a resource's create call takes. */
export type CreateBodyOf<Resource> =
  Resource extends ResourceDefinition<infer _Row, infer _Answer, infer Body, infer _Update> ? Body : never;

/** The body a resource's update call takes. */
export type UpdateBodyOf<Resource> =
  Resource extends ResourceDefinition<infer _Row, infer _Answer, infer _Create, infer Body> ? Body : never;

/** The one data contract of every CRUD screen (react-admin style). */
export interface ResourceClient<Row, CreateBody = unknown, UpdateBody = unknown> {
  list(signal?: AbortSignal): Promise<readonly Row[]>;
  create(body: DraftOf<CreateBody>): Promise<void>;
  update(id: Id, body: DraftOf<UpdateBody>): Promise<void>;
  remove(id: Id): Promise<void>;
  action(name: string, id: Id): Promise<void>;
}

/**
 * A resource client bound to the current environment: every call is config/{environment_id}/...
 * Writes do not read their answers: the screen reloads the list after a save.
 */
export function createResourceClient<Row, Answer, CreateBody, UpdateBody>(
  api: Pick<ApiClient, 'call'>,
  definition: ResourceDefinition<Row, Answer, CreateBody, UpdateBody>,
  environmentId: () => Id,
): ResourceClient<Row, CreateBody, UpdateBody> {
  const { endpoints } = definition;
  const discardAnswer = { discardAnswer: true };
  return {
    async list(signal) {
      const answer = await api.call(endpoints.list, { params: { environmentId: environmentId() } }, { signal });
      return definition.rowsOf(answer);
    },
    async create(draft) {
      const body = sendable(endpoints.create, draft);
      await api.call(endpoints.create, { params: { environmentId: environmentId() }, body }, discardAnswer);
    },
    async update(id, draft) {
      const body = sendable(endpoints.update, draft);
      await api.call(endpoints.update, { params: { environmentId: environmentId(), id }, body }, discardAnswer);
    },
    async remove(id) {
      await api.call(endpoints.remove, { params: { environmentId: environmentId(), id } }, discardAnswer);
    },
    async action(name, id) {
      const endpoint = definition.actions?.[name];
      // A screen asking for an action its resource does not declare is a programming mistake.
      if (!endpoint) throw new Error(`Unknown action ${name} of ${definition.name}`);
      // The contract declares row actions without a body: none is sent.
      await api.call(endpoint, { params: { environmentId: environmentId(), id } }, discardAnswer);
    },
  };
}

export interface FieldError {
  readonly key: string;
  readonly params: readonly (string | number)[];
}

/** What a failed save shows in the dialog: one message and, when the API named them, per-field problems. */
export interface FormError {
  readonly messageKey: string;
  /** The server's own message, for catalogue entries that show it ({{message}}). */
  readonly message: string;
  readonly fields: Readonly<Record<string, FieldError>>;
  /** The API's field problems by their full dotted path, for forms whose field names differ (`fieldOfPath`). */
  readonly paths?: Readonly<Record<string, FieldError>>;
  /** A second line explaining the refusal (the catalogue's detail, e.g. the allowed ports). */
  readonly detail?: ErrorDetail | null;
}

function fieldErrorsOf(body: ApiErrorBody, codeMessageKey: string): Record<string, FieldError> {
  const fields: Record<string, FieldError> = {};
  for (const [path, value] of Object.entries(body.fields ?? {})) {
    const field = lastPartOf(path);
    if (typeof value === 'string' && value.startsWith('validation.')) fields[field] = { key: value, params: [field] };
  }
  // The field the code is about (the shared catalogue's), so the dialog can mark it as well as say it.
  const field = fieldOfErrorCode(body.error);
  if (field && !fields[field]) fields[field] = { key: codeMessageKey, params: [] };
  return fields;
}

/**
 * Maps any failure of a save to what the dialog shows: the catalogue message plus field
 * problems. Error 1 with field problems that are not "required" (an invalid character, an
 * address, a range) says so, instead of "Required fields missing": the fields say what.
 */
export function formErrorOf(error: unknown): FormError {
  if (!ApiError.is(error)) return { messageKey: 'errors.general', message: '', fields: {} };
  const paths: Record<string, FieldError> = {};
  for (const [path, value] of Object.entries(error.body.fields ?? {})) {
    if (typeof value === 'string' && value.startsWith('validation.'))
      paths[path] = { key: value, params: [lastPartOf(path)] };
  }
  const invalidNotMissing =
    error.body.error === ErrorCode.MISSING_VALUES &&
    Object.values(paths).some((problem) => problem.key !== ValidationKey.REQUIRED);
  const messageKey = invalidNotMissing ? 'errors.invalidFields' : errorMessageKey(error);
  return {
    messageKey,
    message: error.body.message,
    fields: fieldErrorsOf(error.body, messageKey),
    paths,
    detail: errorDetailFor(error.body.error, error.body.fields),
  };
}

/** The text of a field problem: rules name the field first, shown as its translated label (problemText). */
export function fieldErrorText(t: TFunction, problem: FieldError, fieldLabel: string): string {
  return problemText(t, problem, fieldLabel);
}
