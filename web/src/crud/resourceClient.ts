import { ApiError, errorDetailFor, ErrorCode, ValidationKey, type ApiErrorBody, type ErrorDetail } from '@halo/shared';
import type { TFunction } from 'i18next';
import type { ApiClient, ResponseSchema } from '../lib/api';
import { errorMessageKey } from '../lib/api';

type Id = number | string;

/**
 * What the kit needs to know about one API resource: where it lives and how its list answer
 * is parsed. Paths come from `apiPaths`; the list schema is the shared `XListResponseSchema`.
 */
export interface ResourceDefinition<Row> {
  /** Names the resource in test ids, i18n keys and the search store: `users`, `devices`. */
  readonly name: string;
  readonly listPath: (environmentId: Id) => string;
  readonly itemPath: (environmentId: Id, id: Id) => string;
  /** Parses the list answer and picks its rows out (`{ users: [...] }` → rows). */
  readonly listSchema: ResponseSchema<Record<string, unknown>>;
  readonly rowsOf: (answer: Record<string, unknown>) => readonly Row[];
  /** Extra per-row calls (POST), e.g. `deactivateTwoFactor`. */
  readonly actionPaths?: Readonly<Record<string, (environmentId: Id, id: Id) => string>>;
}

/** The one data contract of every CRUD screen (react-admin style). */
export interface ResourceClient<Row> {
  list(signal?: AbortSignal): Promise<readonly Row[]>;
  create(payload: unknown): Promise<void>;
  update(id: Id, payload: unknown): Promise<void>;
  remove(id: Id): Promise<void>;
  action(name: string, id: Id): Promise<void>;
}

/** A resource client bound to the current environment: every call is config/{environment_id}/... */
export function createResourceClient<Row>(
  api: Pick<ApiClient, 'request'>,
  definition: ResourceDefinition<Row>,
  environmentId: () => Id,
): ResourceClient<Row> {
  return {
    async list(signal) {
      const answer = await api.request('GET', definition.listPath(environmentId()), {
        schema: definition.listSchema,
        signal,
      });
      return definition.rowsOf(answer);
    },
    async create(payload) {
      await api.request('POST', definition.listPath(environmentId()), { body: payload });
    },
    async update(id, payload) {
      await api.request('PUT', definition.itemPath(environmentId(), id), { body: payload });
    },
    async remove(id) {
      await api.request('DELETE', definition.itemPath(environmentId(), id));
    },
    async action(name, id) {
      const path = definition.actionPaths?.[name];
      // A screen asking for an action its resource does not declare is a programming mistake.
      if (!path) throw new Error(`Unknown action ${name} of ${definition.name}`);
      await api.request('POST', path(environmentId(), id), { body: {} });
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

/** Field the API error code is about, so the dialog can mark it as well as say it. */
const CODE_FIELDS: Readonly<Record<number, string>> = {
  20: 'environment_name',
  30: 'username',
  31: 'email',
  32: 'password',
  40: 'name',
  50: 'name',
  51: 'pairing_id',
  52: 'ports',
};

function fieldErrorsOf(body: ApiErrorBody, codeMessageKey: string): Record<string, FieldError> {
  const fields: Record<string, FieldError> = {};
  for (const [path, value] of Object.entries(body.fields ?? {})) {
    // The provider names fields by dotted path (`user.password`); forms name them by the last part.
    const field = path.split('.').at(-1) ?? path;
    if (typeof value === 'string' && value.startsWith('validation.')) fields[field] = { key: value, params: [field] };
  }
  if (typeof body.error === 'number') {
    const field = CODE_FIELDS[body.error];
    if (field && !fields[field]) fields[field] = { key: codeMessageKey, params: [] };
  }
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
      paths[path] = { key: value, params: [path.split('.').at(-1) ?? path] };
  }
  const invalidNotMissing =
    error.body.error === ErrorCode.MISSING_VALUES && Object.values(paths).some((problem) => problem.key !== ValidationKey.REQUIRED);
  const messageKey = invalidNotMissing ? 'errors.invalidFields' : errorMessageKey(error);
  return {
    messageKey,
    message: error.body.message,
    fields: fieldErrorsOf(error.body, messageKey),
    paths,
    detail: errorDetailFor(error.body.error, error.body.fields),
  };
}

/** The text of a field problem: rules name the field first, shown as its translated label. */
export function fieldErrorText(t: TFunction, problem: FieldError, fieldLabel: string): string {
  const [first, second] = problem.params;
  return t(problem.key, { 0: typeof first === 'string' ? fieldLabel : first, 1: second });
}
