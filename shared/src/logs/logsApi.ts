import { defineEndpoint } from '../api/endpoint.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import { SatcomMessageListResponseSchema, SatcomMessageQuerySchema } from './messagingLog.js';
import { SystemLogListResponseSchema, SystemLogPollQuerySchema } from './systemLog.js';

const tag = 'Logs';

/** Section 7, "Logs": what the devices reported and the satcom messages they exchanged. */
export const logsApi = {
  systemLogs: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/system_logs',
    summary: 'System log entries, newest first, or those after since_id oldest first',
    tag,
    access: 'user',
    capability: 'logs.view',
    query: SystemLogPollQuerySchema,
    answer: SystemLogListResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER],
  }),
  satcomMessages: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/satcom_messages',
    summary: 'Satcom messages, newest first, or those after since_id oldest first',
    tag,
    access: 'user',
    capability: 'messagingLog.view',
    query: SatcomMessageQuerySchema,
    answer: SatcomMessageListResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER],
  }),
} as const;
