import { defineEndpoint } from '../api/endpoint.js';
import { CSV_MEDIA_TYPE } from '../csv/csv.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import {
  SatcomMessageExportQuerySchema,
  SatcomMessageListResponseSchema,
  SatcomMessageQuerySchema,
} from './messagingLog.js';
import {
  SystemLogExportQuerySchema,
  SystemLogHistogramQuerySchema,
  SystemLogHistogramSchema,
  SystemLogListResponseSchema,
  SystemLogPollQuerySchema,
} from './systemLog.js';
import { UserAuditExportQuerySchema, UserAuditListResponseSchema, UserAuditQuerySchema } from './userAudit.js';

const tag = 'Logs';
const csv = { contentType: CSV_MEDIA_TYPE } as const;

/**
 * Section 7, "Logs": who changed what (audit), what the devices reported (system log) and the
 * satcom messages they exchanged; each with a CSV export of everything its filters select.
 */
export const logsApi = {
  userAudits: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/user_audits',
    summary: 'Audit log entries (changes and security events), newest first',
    tag,
    bound: 'paged',
    access: 'user',
    capability: 'logs.view',
    query: UserAuditQuerySchema,
    answer: UserAuditListResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
  }),
  userAuditsExport: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/user_audits/export',
    summary: 'Every audit entry the filters select, as CSV',
    tag,
    bound: 'streamed',
    access: 'user',
    capability: 'logs.view',
    query: UserAuditExportQuerySchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
    kind: 'download',
    file: csv,
  }),
  systemLogs: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/system_logs',
    summary: 'System log entries, newest first, or those after since_id oldest first',
    tag,
    bound: 'paged',
    access: 'user',
    capability: 'logs.view',
    query: SystemLogPollQuerySchema,
    answer: SystemLogListResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
  }),
  systemLogsHistogram: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/system_logs/histogram',
    summary: 'How many system log entries of each severity fell in each slice of a time range',
    tag,
    bound: 'capped',
    access: 'user',
    capability: 'logs.view',
    query: SystemLogHistogramQuerySchema,
    answer: SystemLogHistogramSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
  }),
  systemLogsExport: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/system_logs/export',
    summary: 'Every system log entry the filters select, as CSV',
    tag,
    bound: 'streamed',
    access: 'user',
    capability: 'logs.view',
    query: SystemLogExportQuerySchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
    kind: 'download',
    file: csv,
  }),
  satcomMessages: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/satcom_messages',
    summary: 'Satcom messages, newest first, or those after since_id oldest first',
    tag,
    bound: 'paged',
    access: 'user',
    capability: 'messagingLog.view',
    query: SatcomMessageQuerySchema,
    answer: SatcomMessageListResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
  }),
  satcomMessagesExport: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/satcom_messages/export',
    summary: 'Every satcom message the filters select, as CSV',
    tag,
    bound: 'streamed',
    access: 'user',
    capability: 'messagingLog.view',
    query: SatcomMessageExportQuerySchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
    kind: 'download',
    file: csv,
  }),
} as const;
