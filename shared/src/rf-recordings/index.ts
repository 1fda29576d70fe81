export * from './rfRecording.js';
export * from './rfRecordingsApi.js';
