export * from './savedView.js';
