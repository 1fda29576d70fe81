import { defineEndpoint } from '../api/endpoint.js';
import { OkResponseSchema } from '../auth/auth.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import { SatcomTargetResponseSchema, SatcomTargetUpdateSchema } from './satcomTarget.js';

const tag = 'Satcom target';

/** Section 7, "Admin": the satcom target. The key is write-only. */
export const satcomApi = {
  target: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/satcom_target',
    summary: 'Where satcom messages are forwarded and how that link is doing (never the key)',
    tag,
    access: 'user',
    capability: 'admin.view',
    answer: SatcomTargetResponseSchema,
  }),
  setTarget: defineEndpoint({
    method: 'PUT',
    path: '/config/{environmentId}/satcom_target',
    summary: 'Set the target URL and API key; leave the key out to keep the stored one',
    tag,
    access: 'user',
    capability: 'satcomTarget.update',
    body: SatcomTargetUpdateSchema,
    answer: SatcomTargetResponseSchema,
  }),
  removeTarget: defineEndpoint({
    method: 'DELETE',
    path: '/config/{environmentId}/satcom_target',
    summary: 'Stop forwarding: forget the target and its key',
    tag,
    access: 'user',
    capability: 'satcomTarget.update',
    answer: OkResponseSchema,
    errors: [ErrorCode.INVALID_ID],
  }),
} as const;
