// Public surface of the server package, for tests, benchmarks and the CLI's dev server.

export { type ErrorCode, errorCodes } from '@miniapps/contract';
export { buildApp } from './app.js';
export { type Config, ConfigError, loadConfig } from './config.js';
export { createPlatform, type Platform } from './platform.js';
