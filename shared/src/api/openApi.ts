import { z } from 'zod';
import { ApiErrorBodySchema } from '../errors/apiError.js';
import { ERROR_CATALOGUE, ErrorCode, HTTP_ERRORS } from '../errors/errorCatalogue.js';
import { ENDPOINTS } from './contract.js';
import { capabilitiesOf, isEnvironmentScoped, pathParameterNames, routeKeyOf, type EndpointSpec } from './endpoint.js';
import { API_BASE } from './paths.js';

/**
 * The OpenAPI 3.1 document of the contract: every endpoint with its parameters, body, answer,
 * permission and error codes, its schemas emitted by zod (JSON Schema 2020-12, which OpenAPI
 * 3.1 uses as is). Nothing here is written by hand but the wording around it.
 */

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly { readonly url: string }[];
  readonly tags: readonly { readonly name: string }[];
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components: Record<string, unknown>;
  readonly security: readonly Record<string, readonly string[]>[];
}

const ERROR_REF = { $ref: '#/components/schemas/ApiError' };

/** A zod schema as JSON Schema: what a client sends (`input`) or what it receives (`output`). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // Refinements and transforms have no JSON Schema; the shape around them still does.
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function parametersOf(endpoint: EndpointSpec): unknown[] {
  const parameters: unknown[] = pathParameterNames(endpoint.path).map((name) => {
    const declared = endpoint.params?.shape[name];
    return {
      name,
      in: 'path',
      required: true,
      schema: declared ? jsonSchemaOf(declared, 'input') : { type: 'integer', minimum: 1 },
      ...(declared ? {} : { description: 'A positive integer id (error 6 otherwise)' }),
    };
  });
  if (endpoint.query) {
    const query = jsonSchemaOf(endpoint.query, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return parameters;
}

function errorLines(endpoint: EndpointSpec): string {
  const codes = [ErrorCode.MISSING_VALUES, ...(endpoint.errors ?? [])].map(
    (code) =>
      `${code}: ${ERROR_CATALOGUE[code].message}${ERROR_CATALOGUE[code].extension ? ' (x-halo-extension)' : ''}`,
  );
  return [...new Set(codes)].join('; ');
}

function responsesOf(endpoint: EndpointSpec): Record<string, unknown> {
  const error = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });
  const answer =
    endpoint.kind === 'download'
      ? {
          description: 'The file, named in Content-Disposition',
          content: {
            [endpoint.file?.contentType ?? 'application/octet-stream']: {
              schema: { type: 'string', format: 'binary' },
            },
          },
        }
      : {
          description: 'Done',
          content: { 'application/json': { schema: jsonSchemaOf(endpoint.answer ?? z.object({}), 'output') } },
        };
  const responses: Record<string, unknown> = {
    [String(endpoint.status ?? 200)]: answer,
    '400': error(`Refused, nothing changed. Codes: ${errorLines(endpoint)}`),
  };
  if (endpoint.access !== 'public') responses['401'] = error(HTTP_ERRORS.unauthorized.message);
  const capabilities = capabilitiesOf(endpoint);
  if (endpoint.access === 'user' || capabilities.length > 0) {
    const refusal = HTTP_ERRORS[endpoint.refusal ?? 'forbidden'];
    responses['403'] = error(
      capabilities.length > 0 ? `${refusal.message} (needs ${capabilities.join(' and ')})` : refusal.message,
    );
  }
  if (isEnvironmentScoped(endpoint) || pathParameterNames(endpoint.path).includes('id')) {
    responses['404'] = error(
      'Environment not found (error 5) or ID not found (error 6): another tenant’s ids included',
    );
  }
  responses['429'] = error(HTTP_ERRORS.tooManyRequests.message);
  // Codes sent with another status than 400 (the read budget's 503) get their own answer.
  for (const code of endpoint.errors ?? []) {
    const { status, message, extension } = ERROR_CATALOGUE[code];
    if (status === 400) continue;
    responses[String(status)] = {
      ...error(`${code}: ${message}`),
      ...(status === 503 ? { headers: { 'Retry-After': { schema: { type: 'integer' } } } } : {}),
      ...(extension ? { 'x-halo-extension': true } : {}),
    };
  }
  return responses;
}

function requestBodyOf(endpoint: EndpointSpec): unknown {
  if (endpoint.kind === 'upload') {
    const field = endpoint.file?.field ?? 'file';
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [field],
            properties: {
              [field]: { type: 'string', contentMediaType: endpoint.file?.contentType ?? 'application/octet-stream' },
            },
          },
        },
      },
    };
  }
  if (!endpoint.body) return undefined;
  return { required: true, content: { 'application/json': { schema: jsonSchemaOf(endpoint.body, 'input') } } };
}

function operationOf(endpoint: EndpointSpec): Record<string, unknown> {
  const requestBody = requestBodyOf(endpoint);
  const parameters = parametersOf(endpoint);
  return {
    operationId: routeKeyOf(endpoint)
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_|_$/g, ''),
    summary: endpoint.summary,
    tags: [endpoint.tag],
    // The capability a call needs, or the list of them when it needs several (every one).
    ...(endpoint.capability ? { 'x-halo-capability': endpoint.capability } : {}),
    'x-halo-access': endpoint.access,
    // How a collection answer stays bounded (endpoint.ts, EndpointBound).
    ...(endpoint.bound ? { 'x-halo-bound': endpoint.bound } : {}),
    ...(endpoint.cap !== undefined ? { 'x-halo-cap': endpoint.cap } : {}),
    ...(endpoint.access === 'public' ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(endpoint),
  };
}

/** The document for `endpoints` (every endpoint of the contract unless told otherwise). */
export function openApiDocument(version: string, endpoints: readonly EndpointSpec[] = ENDPOINTS): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= {});
    item[endpoint.method.toLowerCase()] = operationOf(endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Halo Console API',
      version,
      description:
        'Every call the console serves, generated from its one contract (shared/src/api). Errors answer ' +
        '`{ error, message, fields? }`: a numeric code of section 8, or a named HTTP outcome.',
    },
    servers: [{ url: API_BASE }],
    tags: [...new Set(endpoints.map((endpoint) => endpoint.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: jsonSchemaOf(ApiErrorBodySchema, 'output') },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
  };
}

/** Where the gateway serves the document (under API_BASE) and its reference page. */
export const OPENAPI_DOCUMENT_PATH = `${API_BASE}/openapi.json`;
export const API_REFERENCE_PATH = '/api/docs';
