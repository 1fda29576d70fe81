import { COLLECTION_CAPS } from '../api/collectionCaps.js';
import { defineEndpoint } from '../api/endpoint.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import { OkResponseSchema } from '../auth/auth.js';
import { WallDisplayCreateSchema, WallDisplayIssuedSchema, WallDisplayListResponseSchema } from './wallDisplay.js';

const tag = 'Wall displays';

/** The product's own: read-only sessions for unattended NOC wall displays. */
export const wallDisplaysApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/wall_displays',
    summary: 'The environment’s wall displays (never their tokens)',
    tag,
    bound: 'capped',
    cap: COLLECTION_CAPS.wallDisplays,
    access: 'user',
    capability: 'wallDisplays.manage',
    answer: WallDisplayListResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/wall_displays',
    summary: 'Issue a wall display; its token and address are shown this once',
    tag,
    access: 'user',
    capability: 'wallDisplays.manage',
    body: WallDisplayCreateSchema,
    answer: WallDisplayIssuedSchema,
    status: 201,
    errors: [ErrorCode.COLLECTION_LIMIT_REACHED],
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/config/{environmentId}/wall_displays/{id}',
    summary: 'Revoke a wall display; its screen is signed out at once',
    tag,
    access: 'user',
    capability: 'wallDisplays.manage',
    answer: OkResponseSchema,
  }),
} as const;
