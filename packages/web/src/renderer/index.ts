// The screen renderer: a pure component module, shared by the web client, the moderation view and `miniapps dev`.
export type { ActionEnv, AlertRequest, FormHandle } from './action-env.js';
export { ActionFailure, checkAction, readableError, runActions } from './actions.js';
export { type ApiCall, HostError, type MiniAppHost, type RenderMode } from './host.js';
export { initialPages, navigate, type Page, pageLink, parsePageLink } from './navigation.js';
export { NodeView } from './node-view.js';
export { type ActionList, resolveFields } from './resolve.js';
export { MiniAppRuntime, type MiniAppRuntimeProps } from './runtime.js';
export { ScreenRenderer, type ScreenRendererProps } from './screen-renderer.js';
export { views } from './views/index.js';
