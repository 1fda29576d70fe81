import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.js';
import { OkResponseSchema } from '../auth/auth.js';
import { IdSchema, QueryIntSchema } from '../common.js';
import { DeviceLiveStateSchema } from '../live/events.js';
import { ErrorCode, HttpErrorKind } from '../errors/errorCatalogue.js';
import {
  DeviceCreateSchema,
  DeviceListQuerySchema,
  DeviceListResponseSchema,
  DeviceSchema,
  DevicesQuerySchema,
  DevicesStateQuerySchema,
  DeviceUpdateSchema,
} from './device.js';
import { DeviceBulkRequestSchema, DeviceBulkResultSchema } from './deviceBulk.js';
import { DEVICE_IMPORT_FILE_FIELD, DeviceImportResponseSchema } from './deviceImport.js';
import {
  AvailabilityReportExportQuerySchema,
  AvailabilityReportQuerySchema,
  AvailabilityReportSchema,
  FirmwareReportExportQuerySchema,
  FirmwareReportSchema,
  FIRMWARE_REPORT_MAX_VERSIONS,
} from './deviceReports.js';
import { DeviceTimelineQuerySchema, DeviceTimelineSchema } from './deviceTimeline.js';
import { CSV_MEDIA_TYPE } from '../csv/csv.js';
import {
  DataLinksAvailabilityResponseSchema,
  DataLinksInfoResponseSchema,
  DeviceLocationsResponseSchema,
  DeviceStateEntrySchema,
  DeviceStatusResponseSchema,
} from './deviceTelemetry.js';

const tag = 'Devices';

/** devices_state's `format` that asks for the list as fleet columns (the product's extension). */
export const DEVICES_STATE_COLUMNS = 'columns';

/**
 * The devices_state query plus `cursor`, the value the previous answer gave, and `format`: with
 * `columns` the devices come as `columns` (see DevicesStateAnswerSchema), not as entries.
 */
export const DevicesStateCursorQuerySchema = DevicesStateQuerySchema.extend({
  cursor: QueryIntSchema.optional(),
  format: z.enum([DEVICES_STATE_COLUMNS]).optional().meta({
    description:
      'With `columns`, the devices come as `columns` (the live snapshot codec’s columns) and `devices_state` is empty: a 100,000-device list is a tenth of the JSON and parses far faster.',
    'x-halo-extension': true,
  }),
});

/** One devices_state entry: the spec's id and state, and the live fields the console shows. */
export const DevicesStateEntrySchema = DeviceStateEntrySchema.extend(DeviceLiveStateSchema.partial().shape).extend({
  revision: z.number().int().optional(),
});

/**
 * The most ids an incremental devices_state answer lists as removed since its cursor. Removals
 * are kept (device_removals), so a cursor old enough could ask for every device ever deleted;
 * past this many the answer is the full list instead (incremental false), which needs none.
 */
export const DEVICES_STATE_MAX_REMOVED = 10_000;

/**
 * The devices_state answer. `removed`, `cursor` and `incremental` are the product's own: with
 * state=1 and a cursor the answer holds only what changed after it.
 */
export const DevicesStateAnswerSchema = z.object({
  devices_state: z.array(DevicesStateEntrySchema),
  /** Devices deleted since the cursor (incremental answers only; at most DEVICES_STATE_MAX_REMOVED, else the answer is full). */
  removed: z.array(z.number().int()).optional(),
  /** Send it back as `cursor` with state=1 to get only what changed after this answer. */
  cursor: z.number().int().nullable().optional(),
  /** False when the answer is the full list. */
  incremental: z.boolean().optional(),
  /** With format=columns: the devices' live states as fleet columns (decodeFleetColumns reads and checks them). */
  columns: z.record(z.string(), z.unknown()).optional().meta({
    description:
      'With format=columns: the devices’ live states as columns (field names once, ids as differences, repeated objects as dictionary indexes).',
    'x-halo-extension': true,
  }),
  /** With format=columns: the oldest `updated_at` among the devices (epoch ms), null when there are none. */
  changed_at: z.number().int().nullable().optional().meta({
    description: 'With format=columns: the oldest `updated_at` among the devices (epoch ms).',
    'x-halo-extension': true,
  }),
});
export type DevicesStateAnswer = z.infer<typeof DevicesStateAnswerSchema>;

const DEVICE_WRITE_ERRORS = [
  ErrorCode.DEVICE_NAME_EXISTS,
  ErrorCode.DEVICE_PARAMETERS_EXIST,
  ErrorCode.DEVICE_PORT_RANGE_OVERLAP,
] as const;

/** Section 7, "Devices". */
export const devicesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/devices',
    summary: 'The environment’s devices (those named in `devices=1,2,3`, or its servers with `is_server=true`)',
    tag,
    bound: 'streamed',
    access: 'user',
    capability: 'devices.view',
    query: DeviceListQuerySchema,
    answer: DeviceListResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/devices',
    summary: 'Add a device',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'devices.add',
    body: DeviceCreateSchema,
    answer: z.object({ id: IdSchema, device: DeviceSchema }),
    status: 201,
    errors: [...DEVICE_WRITE_ERRORS, ErrorCode.DEVICE_LIMIT_REACHED],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/config/{environmentId}/devices/{id}',
    summary: 'Change a device (permission 52: own or allowed devices; 53: any)',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'devices.update',
    refusal: HttpErrorKind.DEVICE_UPDATE_FORBIDDEN,
    body: DeviceUpdateSchema,
    answer: z.object({ device: DeviceSchema }),
    errors: DEVICE_WRITE_ERRORS,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/config/{environmentId}/devices/{id}',
    summary: 'Delete a device and its RF recordings (permission 54: own or allowed; 55: any)',
    tag,
    access: 'user',
    capability: 'devices.delete',
    refusal: HttpErrorKind.DEVICE_DELETE_FORBIDDEN,
    answer: OkResponseSchema,
  }),
  devicesState: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/devices/devices_state',
    summary: 'Each device’s state; with state=1 and a cursor, only what changed after it',
    tag,
    // The spec's entries, full or changed, are read by id in keyset batches in the read pool and
    // written as they come; `removed` is capped (DEVICES_STATE_MAX_REMOVED). The gateway's
    // format=columns is shaped in one piece in a read worker (a tenth of the bytes).
    bound: 'streamed',
    access: 'user',
    capability: 'devices.view',
    query: DevicesStateCursorQuerySchema,
    answer: DevicesStateAnswerSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
  }),
  deviceStatus: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/devices/device_status',
    summary: 'Links and system report of the given devices',
    tag,
    bound: 'streamed',
    access: 'user',
    capability: 'devices.view',
    query: DevicesQuerySchema,
    answer: DeviceStatusResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER],
  }),
  dataLinksInfo: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/devices/data_links_info',
    summary: 'The links of the given devices, per interface kind',
    tag,
    bound: 'streamed',
    access: 'user',
    capability: 'devices.view',
    query: DevicesQuerySchema,
    answer: DataLinksInfoResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER],
  }),
  dataLinksAvailability: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/devices/data_links_availability',
    summary: 'How many links of each kind the given devices have and how many are up',
    tag,
    bound: 'streamed',
    access: 'user',
    capability: 'devices.view',
    query: DevicesQuerySchema,
    answer: DataLinksAvailabilityResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER],
  }),
  locations: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/devices/locations',
    summary: 'Each device’s latest fix and whether it is online',
    tag,
    bound: 'streamed',
    access: 'user',
    capability: 'devices.view',
    query: DevicesQuerySchema,
    answer: DeviceLocationsResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER],
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/devices/import',
    summary: 'Add devices from a CSV file; the report says which were created and why not',
    tag,
    bound: 'capped',
    access: 'user',
    capability: 'devices.add',
    kind: 'upload',
    file: { field: DEVICE_IMPORT_FILE_FIELD, contentType: 'text/csv' },
    answer: DeviceImportResponseSchema,
    errors: [ErrorCode.DEVICE_IMPORT_INVALID, ErrorCode.DEVICE_LIMIT_REACHED],
  }),
  timeline: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/devices/{id}/timeline',
    summary:
      'One device’s history over a window: connection and links up/down, signal and temperature, system log entries, alarms and location track',
    tag,
    bound: 'capped',
    access: 'user',
    capability: 'devices.view',
    query: DeviceTimelineQuerySchema,
    answer: DeviceTimelineSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
  }),
  bulk: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/devices/bulk',
    summary:
      'One action on many devices (enable, disable, upgrade policy, group, delete); each device is checked and audited as the single action is, and the report names the refused ones',
    tag,
    bound: 'capped',
    access: 'user',
    capability: 'devices.view',
    body: DeviceBulkRequestSchema,
    answer: DeviceBulkResultSchema,
    errors: [ErrorCode.INVALID_ID],
  }),
  availabilityReport: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/devices/reports/availability',
    summary: 'Availability (share of time connected) and mean time to recover over a window, per device and in all',
    tag,
    bound: 'streamed',
    access: 'user',
    capability: 'devices.view',
    query: AvailabilityReportQuerySchema,
    answer: AvailabilityReportSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
  }),
  availabilityReportExport: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/devices/reports/availability/export',
    summary: 'The availability report as CSV',
    tag,
    bound: 'streamed',
    access: 'user',
    capability: 'devices.view',
    query: AvailabilityReportExportQuerySchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER, ErrorCode.QUERY_BUDGET_EXCEEDED],
    kind: 'download',
    file: { contentType: CSV_MEDIA_TYPE },
  }),
  firmwareReport: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/devices/reports/firmware',
    summary: `Firmware versions in use: how many devices run each, how many are behind their fixed version (the ${FIRMWARE_REPORT_MAX_VERSIONS} run by the most devices; \`more_versions\` counts the rest)`,
    tag,
    bound: 'capped',
    access: 'user',
    capability: 'devices.view',
    answer: FirmwareReportSchema,
  }),
  firmwareReportExport: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/devices/reports/firmware/export',
    summary: 'The firmware report as CSV (capped as the report is; a row counts the versions left out)',
    tag,
    bound: 'capped',
    access: 'user',
    capability: 'devices.view',
    query: FirmwareReportExportQuerySchema,
    kind: 'download',
    file: { contentType: CSV_MEDIA_TYPE },
  }),
} as const;
