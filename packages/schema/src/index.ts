// The miniapps screen format: registry data, derived types and JSON Schema, and the screen validator; and the
// webhook event names the server and the console share.

// The app-path rule and the webhook events are part of the contract (no dependencies), so the validator, the
// renderers and hosts run the same code; re-exported for the screen format's users.
export {
  type AppPath,
  type AppPathProblem,
  appPathProblem,
  isDotSegment,
  parseAppPath,
  type WebhookEventType,
  webhookEventTypes,
} from '@miniapps/contract';
export { type ActionType, actions, actionTypes, isActionType } from './actions.js';
export {
  BINDING_ROOTS,
  type BindingFault,
  type BindingPath,
  type BindingRoot,
  bindingText,
  concretePath,
  fillTemplate,
  hasBinding,
  isBindingFault,
  isDynamicPath,
  isFalsy,
  lookupPath,
  type PathStep,
  parsePath,
  parseSingleBinding,
  parseStatePath,
  parseTemplate,
  pathKey,
  type Template,
} from './bindings.js';
export {
  COLLECTION_NAME,
  type CollectingForm,
  type CollectRules,
  closesAtInstant,
  collectingForms,
  type ResponseField,
  type ResponseFieldType,
} from './collections.js';
export {
  type EnumField,
  type FieldKind,
  type FieldMap,
  type FieldSpec,
  holdsWidgets,
  isSlotKind,
  type NodeSpec,
  type NumberField,
  type ObjectField,
  type ObjectListField,
  type PlainField,
  type SlotField,
  type SlotKind,
  type StringField,
  type UrlField,
} from './field-kinds.js';
export {
  type BindingError,
  blockingProblems,
  type Occurrence,
  type Problem,
  type ProblemCode,
  problemSeverity,
  type Severity,
  type ValidationResult,
} from './findings.js';
export {
  HOST_CAPABILITIES,
  type HostCapability,
  hostPathCapability,
  isHostCapability,
} from './host-capabilities.js';
export {
  datasetNameFault,
  datasetSizeFault,
  type HostedFileFault,
  type HostedFileFaultCode,
  stringsFaults,
} from './hosted-files.js';
export {
  DATE_INPUT_FORMS,
  type DateInputType,
  isDateInputType,
  isEventTime,
  isIsoValue,
} from './iso-dates.js';
export { buildScreenJsonSchema, type JsonSchema, screenJsonSchema } from './json-schema.js';
export { DEFAULT_MAX_NESTING, nestedBeyond } from './nesting.js';
export { appendPointer, escapeToken, resolvePointer } from './pointer.js';
export { specFiles } from './spec-documents.js';
export { SCHEMA_VERSION } from './spec-version.js';
export {
  LOCALE_TAG,
  missingStrings,
  STRING_KEY,
  type StringUse,
  stringUses,
} from './strings.js';
export { editDistance, nearestName } from './suggest.js';
export type * from './types.js';
export { DEFAULT_MAX_DEPTH, DEFAULT_MAX_NODES, type ValidateOptions, validateScreen } from './validate.js';
export { isWidgetType, type WidgetType, widgets, widgetTypes } from './widgets.js';
