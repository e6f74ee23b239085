// @miniapps/host: a typed client of the miniapps platform for host apps (browsers, React Native, Node 20).

// The app-path rule is the contract's; hosts and renderers read it from here.
// The upload limits a renderer checks on the page before anything is sent (the proxy checks them again).
export {
  type AppPath,
  type AppPathProblem,
  appPathProblem,
  DEFAULT_HOST_CACHE_BYTES,
  encodeSegment,
  formatAppPath,
  isDotSegment,
  MAX_UPLOAD_FILE_BYTES,
  MAX_UPLOAD_REQUEST_BYTES,
  parseAppPath,
  UPLOAD_TYPES,
  type UploadType,
} from '@miniapps/contract';
export { type AnswerCache, createAnswerCache } from './answer-cache.js';
export { type AnswerStore, memoryAnswerStore, type StoredAnswer } from './answer-store.js';
export {
  type Api,
  type ApiAnswer,
  type ApiInput,
  type ApiTransport,
  createApi,
  type Operation,
} from './api.js';
export { type AppSessions, createAppSessions } from './app-session.js';
export { createAppStorage, STORAGE_KEY_PATTERN, storageKeyProblem } from './app-storage.js';
export type {
  CalendarEvent,
  CodeFormat,
  DocumentFile,
  GeoPosition,
  HapticStyle,
  HostCapabilities,
  HostCapabilityName,
  MapPlace,
  ScannedCode,
} from './capabilities.js';
export type { ConsentPlan } from './consent.js';
export type { KeyValueStore } from './consent-memory.js';
export { memoryStore } from './consent-memory.js';
export { type AppHost, createAppHost, createHost, type Host, type HostOptions } from './create-host.js';
export {
  errorOfAnswer,
  HostError,
  type HostErrorCode,
  hostErrorCodes,
  isHostError,
  isHostErrorCode,
} from './errors.js';
export type { UploadProgress } from './form-upload.js';
export type { Http, Method, RawAnswer, RequestOptions, TokenSource } from './http.js';
export { indexedDbStore } from './indexeddb-store.js';
export {
  DEFAULT_LINK_BASE,
  isAppPage,
  type LaunchTarget,
  launchLink,
  parseLaunchLink,
} from './launch-link.js';
export { appOf, badPath, type ProxyKind, proxyPath } from './paths.js';
export {
  type ApiCall,
  type AppResponses,
  type AppStrings,
  type LaunchSource,
  PREVIEW_HEADER,
  type ProxyOptions,
  type ResponseAggregates,
  type ResponseUpload,
  type Revalidation,
  type ScreenSource,
  type StoredResponse,
} from './proxy.js';
export * from './types.js';
