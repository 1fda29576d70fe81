export * from './user.js';
export * from './usersApi.js';
export * from './preferences.js';
