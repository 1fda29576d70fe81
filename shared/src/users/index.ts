export * from './user.js';
export * from './usersApi.js';
