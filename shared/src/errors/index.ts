export * from './errorCatalogue.js';
export * from './errorLookup.js';
export * from './apiError.js';
