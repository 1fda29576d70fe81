export * from './errorCatalogue.js';
export * from './apiError.js';
