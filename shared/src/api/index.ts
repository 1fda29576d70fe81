export * from './collectionCaps.js';
export * from './paths.js';
export * from './endpoint.js';
export * from './contract.js';
export * from './openApi.js';
export * from './routeTemplate.js';
export * from './requestPath.js';
