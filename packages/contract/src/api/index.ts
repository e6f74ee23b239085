// Every operation of the management API and the automation endpoints, with their schemas: one table, from which
// the server's routes and the typed client both derive. How to add one: packages/contract/README.md.
import { tokenEndpoints } from './tokens.js';

export * from './common.js';
export * from './tokens.js';

/** The whole endpoint table: `METHOD /path` → schemas. */
export const endpoints = {
  ...tokenEndpoints,
};
export type Endpoints = typeof endpoints;
