// @miniapps/contract: the platform's HTTP contract written once. This entry holds no TypeBox value (limits, error
// codes, word lists, the endpoint table's types), so a small bundle may import it; the schemas are `@miniapps/contract/api`.

export type * from './api/index.js';
export * from './app-path.js';
export * from './dev-origin.js';
export * from './endpoint.js';
export * from './errors.js';
export * from './limits.js';
export * from './map-link.js';
export * from './upload-types.js';
export * from './vocabulary.js';
