export * from './codeLabels.js';
export * from './logSentence.js';
