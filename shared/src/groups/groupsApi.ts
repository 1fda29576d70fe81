import { z } from 'zod';
import { COLLECTION_CAPS } from '../api/collectionCaps.js';
import { defineEndpoint } from '../api/endpoint.js';
import { OkResponseSchema } from '../auth/auth.js';
import { IdSchema } from '../common.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import {
  GroupDevicesChangeSchema,
  GroupDevicesResponseSchema,
  GroupListResponseSchema,
  GroupSchema,
  GroupWriteSchema,
} from './group.js';

const tag = 'Groups';

/** Section 7, "Groups": they follow the users area's permissions. */
export const groupsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/groups',
    summary: 'The environment’s groups',
    tag,
    bound: 'capped',
    cap: COLLECTION_CAPS.groups,
    access: 'user',
    capability: 'groups.view',
    answer: GroupListResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/groups',
    summary: 'Create a group',
    tag,
    access: 'user',
    capability: 'groups.add',
    body: GroupWriteSchema,
    answer: z.object({ id: IdSchema, group: GroupSchema }),
    status: 201,
    errors: [ErrorCode.GROUP_NAME_EXISTS, ErrorCode.COLLECTION_LIMIT_REACHED],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/config/{environmentId}/groups/{id}',
    summary: 'Rename a group',
    tag,
    access: 'user',
    capability: 'groups.update',
    body: GroupWriteSchema,
    answer: z.object({ group: GroupSchema }),
    errors: [ErrorCode.GROUP_NAME_EXISTS],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/config/{environmentId}/groups/{id}',
    summary: 'Delete a group',
    tag,
    access: 'user',
    capability: 'groups.delete',
    answer: OkResponseSchema,
  }),
  devices: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/groups/{id}/devices',
    summary: 'The devices in a group, by id (streamed: a group may hold every device of its environment)',
    tag,
    bound: 'streamed',
    access: 'user',
    capability: 'groups.view',
    answer: GroupDevicesResponseSchema,
  }),
  changeDevices: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/groups/{id}/devices',
    summary: 'Add devices of the environment to a group, or remove them; answers its devices (streamed, by id)',
    tag,
    bound: 'streamed',
    access: 'user',
    capability: 'groups.update',
    body: GroupDevicesChangeSchema,
    answer: GroupDevicesResponseSchema,
    errors: [ErrorCode.INVALID_ID],
  }),
} as const;
