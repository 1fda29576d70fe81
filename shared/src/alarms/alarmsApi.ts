import { defineEndpoint } from '../api/endpoint.js';
import { CSV_MEDIA_TYPE } from '../csv/csv.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import {
  AlarmAcknowledgeResultSchema,
  AlarmAcknowledgeSchema,
  AlarmChangesQuerySchema,
  AlarmChangesResponseSchema,
  AlarmCountsResponseSchema,
  AlarmExportQuerySchema,
  AlarmListResponseSchema,
  AlarmQuerySchema,
} from './alarm.js';

const tag = 'Alarms';

/** The product's own (issue 27): alarms raised from threshold breaches, with acknowledgement. */
export const alarmsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/alarms',
    summary: 'Alarms: active first, the worst and oldest first; then cleared ones, the last cleared first',
    tag,
    bound: 'paged',
    access: 'user',
    capability: 'alarms.view',
    query: AlarmQuerySchema,
    answer: AlarmListResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
  }),
  changes: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/alarms/changes',
    summary: 'Alarms changed after a revision, in the order of their changes (what the live alarm stream reads)',
    tag,
    bound: 'capped',
    access: 'user',
    capability: 'alarms.view',
    query: AlarmChangesQuerySchema,
    answer: AlarmChangesResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
  }),
  counts: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/alarms/counts',
    summary: 'Active alarms by severity, all and unacknowledged',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'alarms.view',
    answer: AlarmCountsResponseSchema,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/alarms/export',
    summary: 'Every alarm the filters select, as CSV',
    tag,
    bound: 'streamed',
    access: 'user',
    capability: 'alarms.view',
    query: AlarmExportQuerySchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
    kind: 'download',
    file: { contentType: CSV_MEDIA_TYPE },
  }),
  acknowledge: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/alarms/acknowledge',
    summary:
      'Acknowledge alarms with a note; each is audited. A user whose device writes reach only his allowed devices acknowledges only their alarms (the others are not_found)',
    tag,
    bound: 'capped',
    access: 'user',
    // Nobody acknowledges what he may not see: the alarms' view (70) as well as 71.
    capability: ['alarms.view', 'alarms.acknowledge'],
    body: AlarmAcknowledgeSchema,
    answer: AlarmAcknowledgeResultSchema,
  }),
} as const;
