import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.js';
import { OkResponseSchema } from '../auth/auth.js';
import { IdSchema } from '../common.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import {
  EnvironmentCreateSchema,
  EnvironmentListQuerySchema,
  EnvironmentListResponseSchema,
  EnvironmentSchema,
  EnvironmentUpdateSchema,
} from './environment.js';

const tag = 'Environments';

/** Section 7, "Environments": the tenants below the caller's own. */
export const environmentsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/environments',
    summary: 'The environment and those below it, a page at a time',
    tag,
    bound: 'paged',
    access: 'user',
    capability: 'environments.view',
    query: EnvironmentListQuerySchema,
    answer: EnvironmentListResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/environments',
    summary: 'Create a sub-environment with its manager',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'environments.add',
    body: EnvironmentCreateSchema,
    answer: z.object({ id: IdSchema, environment: EnvironmentSchema }),
    status: 201,
    errors: [
      ErrorCode.ENV_NAME_EXISTS,
      ErrorCode.USERNAME_EXISTS,
      ErrorCode.EMAIL_EXISTS,
      ErrorCode.PASSWORD_NOT_VALID,
      ErrorCode.ENVIRONMENT_LIMIT_REACHED,
    ],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/config/{environmentId}/environments/{id}',
    summary: 'Change an environment or its manager (password null: unchanged); rename the current one',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'environments.update',
    body: EnvironmentUpdateSchema,
    answer: z.object({ environment: EnvironmentSchema }),
    errors: [
      ErrorCode.ENV_NAME_EXISTS,
      ErrorCode.USERNAME_EXISTS,
      ErrorCode.EMAIL_EXISTS,
      ErrorCode.PASSWORD_NOT_VALID,
    ],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/config/{environmentId}/environments/{id}',
    summary: 'Delete a sub-environment and everything in it',
    tag,
    access: 'user',
    capability: 'environments.delete',
    answer: OkResponseSchema,
  }),
  deactivateTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/environments/{id}/2fa/deactivate',
    summary: 'Reset the 2FA of a sub-environment’s manager',
    tag,
    access: 'user',
    capability: 'twoFactor.deactivateOthers',
    answer: OkResponseSchema,
    errors: [ErrorCode.TWO_FACTOR_NOT_ACTIVE],
  }),
} as const;
