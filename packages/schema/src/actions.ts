// The registry of known actions (SCREENS.md "Actions"): an action's `actionType` names one of these.
import type { NodeSpec } from './field-kinds.js';

const then = { kind: 'action|action[]' } as const;
const method = { kind: 'enum', values: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] } as const;

export const actions = {
  openPage: {
    description: 'Opens another screen of the app by its path.',
    fields: {
      path: { kind: 'path', required: true },
      params: { kind: 'data', description: 'Sent to the page as its query.' },
      replace: { kind: 'boolean', description: 'Replace the current page instead of pushing a new one.' },
    },
  },
  back: {
    description: 'Returns to the previous page.',
    fields: { result: { kind: 'data' } },
  },
  openUrl: {
    description: 'Opens an https address in the browser.',
    fields: {
      url: { kind: 'url', schemes: ['https'], required: true },
      external: { kind: 'boolean', description: 'Open outside the host client.' },
    },
  },
  networkRequest: {
    description: "Calls the app's API through the proxy.",
    fields: {
      url: { kind: 'relativeUrl', required: true },
      method,
      body: { kind: 'data' },
      onSuccess: then,
      onError: then,
    },
  },
  submitForm: {
    description: "Sends a form's values to the app's API through the proxy.",
    fields: {
      formId: { kind: 'string' },
      url: { kind: 'relativeUrl' },
      method,
      onSuccess: then,
      onError: then,
    },
  },
  showToast: {
    description: 'Shows a short message that disappears by itself.',
    fields: {
      message: { kind: 'string', required: true },
      duration: { kind: 'integer', minimum: 0, description: 'Milliseconds.' },
    },
  },
  showAlert: {
    description: 'Shows a dialog with a confirm and an optional cancel button.',
    fields: {
      title: { kind: 'string' },
      message: { kind: 'string', required: true },
      confirmLabel: { kind: 'string' },
      onConfirm: then,
      cancelLabel: { kind: 'string' },
      onCancel: then,
    },
  },
  copyToClipboard: {
    description: 'Copies a text to the clipboard.',
    fields: { text: { kind: 'string', required: true } },
  },
  share: {
    description: 'Opens the system share sheet.',
    fields: { text: { kind: 'string' }, url: { kind: 'url', schemes: ['https', 'http'] } },
  },
  refresh: {
    description: 'Reloads the current page.',
    fields: {},
  },
} as const satisfies Record<string, NodeSpec>;

export type ActionType = keyof typeof actions;
export const actionTypes = Object.keys(actions) as ActionType[];

export function isActionType(name: string): name is ActionType {
  return Object.hasOwn(actions, name);
}
