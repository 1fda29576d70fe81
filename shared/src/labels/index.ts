export * from './codeLabels.js';
