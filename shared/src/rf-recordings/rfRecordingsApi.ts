import { defineEndpoint } from '../api/endpoint.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import {
  RfRecordingDownloadRequestSchema,
  RfRecordingListResponseSchema,
  RfRecordingQuerySchema,
} from './rfRecording.js';

const tag = 'RF recordings';

/** Section 7, "RF data recordings". */
export const rfRecordingsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/rf_data_recordings',
    summary:
      'A device’s RF recordings, newest first (the newest RF_RECORDINGS_LIST_MAX; `truncated` says when there are more)',
    tag,
    bound: 'capped',
    access: 'user',
    capability: 'rfRecordings.view',
    query: RfRecordingQuerySchema,
    answer: RfRecordingListResponseSchema,
    errors: [ErrorCode.BAD_QUERY_PARAMETER],
  }),
  download: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/rf_data_recordings_download',
    summary: 'One recording as its file, several as a ZIP',
    tag,
    bound: 'capped',
    access: 'user',
    capability: 'rfRecordings.download',
    body: RfRecordingDownloadRequestSchema,
    kind: 'download',
    file: { contentType: 'application/zip' },
    errors: [ErrorCode.RF_RECORDING_DOWNLOAD],
  }),
} as const;
