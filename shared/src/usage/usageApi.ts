import { defineEndpoint } from '../api/endpoint.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import { ConnectivityDataResponseSchema, ConnectivityQuerySchema } from './connectivityData.js';

/** Section 7, "Usage monitoring": an Admin menu item, so it needs ADMIN view (section 6). */
export const usageApi = {
  devicesConnectivity: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/devices_connectivity',
    summary: 'How many devices of the environment (or one below it) are connected',
    tag: 'Usage',
    access: 'user',
    capability: 'admin.view',
    query: ConnectivityQuerySchema,
    answer: ConnectivityDataResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER],
  }),
} as const;
