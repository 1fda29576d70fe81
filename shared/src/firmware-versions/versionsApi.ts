import { z } from 'zod';
import { COLLECTION_CAPS } from '../api/collectionCaps.js';
import { defineEndpoint } from '../api/endpoint.js';
import { OkResponseSchema } from '../auth/auth.js';
import { IdSchema } from '../common.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import { VERSION_DEFINITION_FILE_FIELD, VersionDefinitionListResponseSchema } from './versionDefinition.js';

const tag = 'Firmware versions';

/**
 * Section 7, "Admin": firmware version definitions. An environment sees its own and those of
 * the environments above it (its devices may run any of them) and changes only its own.
 */
export const versionsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/admin/versions_definition',
    summary: 'Firmware version definitions the environment’s devices may use, newest first',
    tag,
    bound: 'capped',
    cap: COLLECTION_CAPS.versionDefinitions,
    access: 'user',
    capability: 'admin.view',
    answer: VersionDefinitionListResponseSchema,
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/admin/versions_definition',
    summary: 'Add a definition by uploading its meta file (JSON, at most 64 KB)',
    tag,
    access: 'user',
    capability: 'versions.add',
    kind: 'upload',
    file: { field: VERSION_DEFINITION_FILE_FIELD, contentType: 'application/json' },
    status: 201,
    answer: z.object({ id: IdSchema }),
    errors: [ErrorCode.VERSION_META_EXISTS, ErrorCode.COLLECTION_LIMIT_REACHED],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/config/{environmentId}/admin/versions_definition/{id}',
    summary: 'Delete a definition no device is pinned to',
    tag,
    access: 'user',
    capability: 'versions.delete',
    answer: OkResponseSchema,
    errors: [ErrorCode.INVALID_ID, ErrorCode.VERSION_IN_USE],
  }),
} as const;
