export * from './auth.js';
export * from './authApi.js';
