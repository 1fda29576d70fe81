export * from './rfRecording.js';
