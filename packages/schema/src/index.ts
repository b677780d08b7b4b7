export * from './constants.js';
export * from './roles.js';
export * from './auth.js';
