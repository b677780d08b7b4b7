export * from './constants.js';
export * from './roles.js';
export * from './auth.js';
export * from './projects.js';
export * from './tools.js';
export * from './notifications.js';
export * from './messaging.js';
export * from './display.js';
