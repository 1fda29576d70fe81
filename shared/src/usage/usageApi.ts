import { defineEndpoint } from '../api/endpoint.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import {
  ConnectivityDataResponseSchema,
  ConnectivityDetailQuerySchema,
  ConnectivityDetailResponseSchema,
  ConnectivityQuerySchema,
} from './connectivityData.js';

/** Section 7, "Usage monitoring": an Admin menu item, so it needs ADMIN view (section 6). */
export const usageApi = {
  devicesConnectivity: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/devices_connectivity',
    summary:
      'How many devices of the environment (or one below it) are connected; a page of environments at a time (`offset`, `limit`), `total` in all',
    tag: 'Usage',
    bound: 'paged',
    access: 'user',
    capability: 'admin.view',
    query: ConnectivityQuerySchema,
    answer: ConnectivityDataResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
  }),
  devicesConnectivityDetail: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/devices_connectivity/{id}',
    summary: 'One environment’s (the call’s or one below it) connected time per day and its top devices',
    tag: 'Usage',
    bound: 'capped',
    access: 'user',
    capability: 'admin.view',
    query: ConnectivityDetailQuerySchema,
    answer: ConnectivityDetailResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.INVALID_ID, ErrorCode.QUERY_BUDGET_EXCEEDED],
  }),
} as const;
