// @miniapps/react: the miniapps screen renderer. <MiniApp> opens an app of a platform; the runtime and the screen
// renderer draw screens from any source (the CLI's preview, a moderation view).
export { HostError, isHostError, type ScreenSource } from '@miniapps/host';
export { ConsentChoices, type ConsentChoicesProps } from './consent/consent-choices.js';
export { ConsentDialog, type ConsentDialogProps, type ConsentRequest } from './consent/consent-dialog.js';
export { scopeLabels, scopeLabelsIn } from './consent/scope-labels.js';
export { copyText } from './effects/browser-effects.js';
export {
  type MiniAppEffects,
  MiniAppEffectsProvider,
  type NavigationState,
  type ShareData,
} from './effects/effects.js';
export {
  type ConsentEventDetail,
  defineMiniAppView,
  type ErrorEventDetail,
  type NavigateEventDetail,
} from './element/miniapp-view.js';
export { type Language, pickLanguage } from './i18n/messages.js';
export { MiniApp, type MiniAppProps } from './mini-app.js';
export type { ActionEnv, ActionList, AlertRequest, FormHandle } from './renderer/action-env.js';
export type { RenderMode } from './renderer/render-mode.js';
export {
  type ColorScheme,
  type MiniAppHandle,
  MiniAppRuntime,
  type MiniAppRuntimeProps,
} from './renderer/runtime.js';
export { isLoadableImage, isOpenableUrl } from './renderer/safe-urls.js';
export { ScreenRenderer, type ScreenRendererProps } from './renderer/screen-renderer.js';
