import {
  ApiError,
  errorDetailFor,
  ErrorCode,
  fieldOfErrorCode,
  ValidationKey,
  type ApiErrorBody,
  type EndpointAnswer,
  type EndpointSpec,
  type ErrorDetail,
} from '@halo/shared';
import type { TFunction } from 'i18next';
import type { ApiClient } from '../lib/api';
import { errorMessageKey } from '../lib/api';
import { problemText } from '../lib/i18n';
import { lastPartOf } from './problemField';

type Id = number | string;

/**
 * What the kit needs to know about one API resource: its endpoints in the shared contract and
 * how its list answer's rows are picked out (`{ users: [...] }` → rows).
 */
export interface ResourceDefinition<Row, List extends EndpointSpec = EndpointSpec> {
  /** Names the resource in test ids, i18n keys and the search store: `users`, `devices`. */
  readonly name: string;
  readonly endpoints: {
    readonly list: List;
    readonly create: EndpointSpec;
    readonly update: EndpointSpec;
    readonly remove: EndpointSpec;
  };
  rowsOf(answer: EndpointAnswer<List>): readonly Row[];
  /** Extra per-row calls (POST), e.g. `deactivateTwoFactor`. */
  readonly actions?: Readonly<Record<string, EndpointSpec>>;
}

/** Declares a resource with its list answer's type inferred from the list endpoint. */
export function defineResource<Row, List extends EndpointSpec>(
  definition: ResourceDefinition<Row, List>,
): ResourceDefinition<Row, List> {
  return definition;
}

/** The one data contract of every CRUD screen (react-admin style). */
export interface ResourceClient<Row> {
  list(signal?: AbortSignal): Promise<readonly Row[]>;
  create(payload: unknown): Promise<void>;
  update(id: Id, payload: unknown): Promise<void>;
  remove(id: Id): Promise<void>;
  action(name: string, id: Id): Promise<void>;
}

/**
 * A resource client bound to the current environment: every call is config/{environment_id}/...
 * Writes do not read their answers: the screen reloads the list after a save.
 */
export function createResourceClient<Row>(
  api: Pick<ApiClient, 'call'>,
  definition: ResourceDefinition<Row>,
  environmentId: () => Id,
): ResourceClient<Row> {
  const { endpoints } = definition;
  // Payloads come from the screen's own form mapping; the contract checks them on the server.
  const write = (endpoint: EndpointSpec, input: object) => api.call(endpoint, input, { discardAnswer: true });
  return {
    async list(signal) {
      const answer = await api.call(endpoints.list, { params: { environmentId: environmentId() } } as never, {
        signal,
      });
      return definition.rowsOf(answer);
    },
    async create(payload) {
      await write(endpoints.create, { params: { environmentId: environmentId() }, body: payload });
    },
    async update(id, payload) {
      await write(endpoints.update, { params: { environmentId: environmentId(), id }, body: payload });
    },
    async remove(id) {
      await write(endpoints.remove, { params: { environmentId: environmentId(), id } });
    },
    async action(name, id) {
      const endpoint = definition.actions?.[name];
      // A screen asking for an action its resource does not declare is a programming mistake.
      if (!endpoint) throw new Error(`Unknown action ${name} of ${definition.name}`);
      await write(endpoint, { params: { environmentId: environmentId(), id }, body: {} });
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
