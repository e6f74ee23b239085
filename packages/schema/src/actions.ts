// The registry of known actions (docs/renderer-spec.md "Actions"): an action's `actionType` names one of these.
import type { NodeSpec } from './field-kinds.js';

const method = { kind: 'enum', values: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] } as const;
const onSuccess = {
  kind: 'action|action[]',
  binds: ['result'],
  description: 'Run in order after a successful (2xx) answer, with ${result} bound to it.',
} as const;
const onError = {
  kind: 'action|action[]',
  binds: ['error'],
  description:
    'Run in order after a failure, with ${error} bound to it; without it the host shows the error.',
} as const;

/** The onError of an action asking the device: the message is shown either way, then these run. */
const onDeviceError = {
  kind: 'action|action[]',
  binds: ['error'],
  description:
    'Run in order when the device cannot do it (no such capability, permission refused, no answer in time), ' +
    'with ${error.message} and ${error.code} (unsupported, denied, timeout, cancelled, failed) bound; the ' +
    'message is shown either way.',
} as const;

export const actions = {
  openPage: {
    description: 'Opens another screen of the app by its path.',
    fields: {
      path: {
        kind: 'path',
        required: true,
        description: 'The page to open, an in-app path starting with /.',
      },
      params: { kind: 'data', description: 'Sent to the page as its query.' },
      replace: { kind: 'boolean', description: 'Replace the current page instead of pushing a new one.' },
    },
  },
  back: {
    description: 'Returns to the previous page.',
    fields: {
      result: { kind: 'data', description: 'Reserved: a value for the previous page (not delivered yet).' },
    },
  },
  openUrl: {
    description: 'Opens an https address in the browser.',
    fields: {
      url: { kind: 'url', schemes: ['https'], required: true, description: 'Absolute https address.' },
      external: { kind: 'boolean', description: 'Open outside the host client.' },
    },
  },
  networkRequest: {
    description: "Calls the app's API through the proxy.",
    fields: {
      url: {
        kind: 'relativeUrl',
        required: true,
        description: "Path (and query) on the app's origin, starting with /.",
      },
      method: { ...method, description: 'HTTP method (GET).' },
      body: { kind: 'data', description: 'JSON body; for GET and DELETE its fields become the query.' },
      resultTo: {
        kind: 'statePath',
        description: 'Stores the JSON answer at this state path (state.events) before onSuccess runs.',
      },
      onSuccess,
      onError,
    },
  },
  submitForm: {
    description: "Sends a form's values to the app's API through the proxy.",
    fields: {
      formId: { kind: 'string', description: 'The form to send; without it, the form the control sits in.' },
      url: {
        kind: 'relativeUrl',
        description: "Where the values go (a path on the app's origin); without it the form's onSubmit runs.",
      },
      method: { ...method, description: 'HTTP method (POST).' },
      target: {
        kind: 'enum',
        values: ['responses'],
        description:
          "responses (hosted apps): the platform keeps the values as a response of the form's collect " +
          "(no url); ${result.id} is the response's id.",
      },
      onSuccess,
      onError,
    },
  },
  showToast: {
    description: 'Shows a short message that disappears by itself.',
    fields: {
      message: { kind: 'string', required: true, description: 'The text shown.' },
      duration: { kind: 'integer', minimum: 0, description: 'How long it shows, in milliseconds (3000).' },
    },
  },
  showAlert: {
    description: 'Shows a dialog with a confirm and an optional cancel button.',
    fields: {
      title: { kind: 'string', description: 'Heading of the dialog.' },
      message: { kind: 'string', required: true, description: 'Text of the dialog.' },
      confirmLabel: { kind: 'string', description: 'Label of the confirm button (OK).' },
      onConfirm: { kind: 'action|action[]', description: 'Run in order when confirmed.' },
      cancelLabel: { kind: 'string', description: 'Label of the cancel button; without it there is none.' },
      onCancel: { kind: 'action|action[]', description: 'Run in order when cancelled.' },
    },
  },
  copyToClipboard: {
    description: 'Copies a text to the clipboard.',
    fields: { text: { kind: 'string', required: true, description: 'The text copied.' } },
  },
  share: {
    description: 'Opens the system share sheet.',
    fields: {
      text: { kind: 'string', description: 'Text to share; text or url is needed.' },
      url: {
        kind: 'url',
        schemes: ['https', 'http'],
        description: 'Address to share; text or url is needed.',
      },
    },
  },
  refresh: {
    description: 'Reloads the current page.',
    fields: {},
  },
  setState: {
    description: 'Changes page state; whatever binds to the changed paths is redrawn.',
    fields: {
      values: {
        kind: 'data',
        keys: 'statePath',
        required: true,
        description: 'An object of "state.path": value; values may hold bindings (${item.id}).',
      },
    },
  },
  storageSet: {
    description:
      "Stores a value in the user's storage of this app (kept across launches, read as ${storage.key}).",
    fields: {
      key: {
        kind: 'string',
        required: true,
        segment: true,
        description: 'The key: letters, digits, _ . - (at most 64).',
      },
      value: { kind: 'data', required: true, description: 'Any JSON up to 4 KB; may hold bindings.' },
    },
  },
  storageRemove: {
    description: "Removes a key from the user's storage of this app.",
    fields: { key: { kind: 'string', required: true, segment: true, description: 'The key to remove.' } },
  },
  haptic: {
    description:
      'A short vibration of the device where it has one; nothing, and no error, where it has none.',
    fields: {
      style: {
        kind: 'enum',
        values: ['light', 'medium', 'heavy', 'success', 'warning', 'error'],
        required: true,
        description:
          'What the user feels: a tap (light, medium, heavy) or an outcome (success, warning, error).',
      },
    },
  },
  addToCalendar: {
    description:
      "Adds an event to the user's calendar: the host's calendar where it has one, else a standard .ics file.",
    fields: {
      title: { kind: 'string', required: true, description: 'Name of the event.' },
      start: {
        kind: 'string',
        required: true,
        description:
          "When it starts: YYYY-MM-DDTHH:MM in the user's time zone (what a datetime field gives), or with " +
          'seconds and Z or ±HH:MM; may be bound.',
      },
      end: {
        kind: 'string',
        description: 'When it ends, written as start and after it (an hour after start).',
      },
      location: { kind: 'string', description: 'Where it takes place (a room, an address).' },
      description: { kind: 'string', description: 'Notes shown with the event.' },
      reminder: {
        kind: 'integer',
        minimum: 0,
        maximum: 40320,
        description:
          'Minutes before the start to remind the user (at most four weeks); without it, no reminder.',
      },
    },
  },
  scanCode: {
    description:
      "Scans a code with the device's camera (the host's scanner where it has one); the user may cancel.",
    fields: {
      format: {
        kind: 'enum',
        values: ['qr', 'ean13', 'code128', 'any'],
        description: 'What to look for: a QR code, an EAN-13 or Code 128 barcode, or any of them (qr).',
      },
      resultTo: {
        kind: 'statePath',
        description: 'Stores the text read at this state path (state.scanned) before onResult runs.',
      },
      onResult: {
        kind: 'action|action[]',
        binds: ['result'],
        description:
          'Run in order after a code is read, with ${result.text} and ${result.format} bound to it; a cancelled ' +
          'scan runs nothing more.',
      },
      onError: onDeviceError,
    },
  },
  openDocument: {
    description:
      "Downloads a document of the app (PDF, an image, text, CSV, DOCX, XLSX, up to 10 MB) through the proxy's " +
      "document route, saved under its file name; the host's own viewer where it has one.",
    fields: {
      url: {
        kind: 'relativeUrl',
        required: true,
        description: "Path (and query) of the document on the app's origin, starting with /.",
      },
      filename: {
        kind: 'string',
        required: true,
        description: 'The name the file is saved under, e.g. certificate.pdf.',
      },
      onError: onDeviceError,
    },
  },
  openMap: {
    description:
      "Shows a place on a map: the host's map where it has one, else an https map link of the platform's choice.",
    fields: {
      latitude: {
        kind: 'number',
        minimum: -90,
        maximum: 90,
        required: true,
        description: 'Degrees north (negative: south), from -90 to 90.',
      },
      longitude: {
        kind: 'number',
        minimum: -180,
        maximum: 180,
        required: true,
        description: 'Degrees east (negative: west), from -180 to 180.',
      },
      label: { kind: 'string', description: 'The name shown at the place (a building, a room).' },
      onError: onDeviceError,
    },
  },
  getLocation: {
    description:
      "Asks the device where the user is, each time (the user may refuse); kept in the page's state and sent " +
      'nowhere unless a later action of the user sends it.',
    fields: {
      resultTo: {
        kind: 'statePath',
        required: true,
        description:
          'Where the position goes: {latitude, longitude, accuracy} (accuracy in metres), e.g. state.here.',
      },
      onSuccess: {
        kind: 'action|action[]',
        binds: ['result'],
        description: 'Run in order once the position is stored, with ${result} bound to it.',
      },
      onError: onDeviceError,
    },
  },
} as const satisfies Record<string, NodeSpec>;

export type ActionType = keyof typeof actions;
export const actionTypes = Object.keys(actions) as ActionType[];

export function isActionType(name: string): name is ActionType {
  return Object.hasOwn(actions, name);
}
