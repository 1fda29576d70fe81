import { z } from 'zod';
import { COLLECTION_CAPS } from '../api/collectionCaps.js';
import { defineEndpoint } from '../api/endpoint.js';
import { OkResponseSchema } from '../auth/auth.js';
import { IdSchema } from '../common.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import { UserCreateSchema, UserListResponseSchema, UserSchema, UserUpdateSchema } from './user.js';

const tag = 'Users';

/** Section 7, "Users". */
export const usersApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/users',
    summary: 'The environment’s users',
    tag,
    bound: 'capped',
    cap: COLLECTION_CAPS.users,
    access: 'user',
    capability: 'users.view',
    answer: UserListResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/users',
    summary: 'Create a user with permissions no wider than the caller’s',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'users.add',
    body: UserCreateSchema,
    answer: z.object({ id: IdSchema, user: UserSchema }),
    status: 201,
    errors: [
      ErrorCode.USERNAME_EXISTS,
      ErrorCode.EMAIL_EXISTS,
      ErrorCode.PASSWORD_NOT_VALID,
      ErrorCode.COLLECTION_LIMIT_REACHED,
    ],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/config/{environmentId}/users/{id}',
    summary: 'Change a user (password null: unchanged); their sessions end when access shrinks',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'users.update',
    body: UserUpdateSchema,
    answer: z.object({ user: UserSchema }),
    errors: [ErrorCode.USERNAME_EXISTS, ErrorCode.EMAIL_EXISTS, ErrorCode.PASSWORD_NOT_VALID],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/config/{environmentId}/users/{id}',
    summary: 'Delete a user',
    tag,
    access: 'user',
    capability: 'users.delete',
    answer: OkResponseSchema,
  }),
  deactivateTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/users/{id}/2fa/deactivate',
    summary: 'Reset another user’s 2FA',
    tag,
    access: 'user',
    capability: 'twoFactor.deactivateOthers',
    answer: OkResponseSchema,
    errors: [ErrorCode.TWO_FACTOR_NOT_ACTIVE],
  }),
} as const;
