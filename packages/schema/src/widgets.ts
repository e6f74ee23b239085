// The registry of known widgets (docs/renderer-spec.md "Widgets"): a screen's `type` names one of these.

import { MAX_FIELD_FILES, MAX_UPLOAD_FILE_BYTES, UPLOAD_TYPES } from '@miniapps/contract';
import type { NodeSpec } from './field-kinds.js';

const align = {
  kind: 'enum',
  values: ['start', 'center', 'end', 'stretch'],
  description: 'Cross-axis alignment of the children.',
} as const;
const spacing = {
  kind: 'number',
  minimum: 0,
  description: 'Gap between children, in logical pixels.',
} as const;
const children = { kind: 'widget[]', description: 'The widgets inside, in order.' } as const;
const handler = {
  kind: 'action|action[]',
  description: 'Actions run in order when this happens.',
} as const;
const onTap = { ...handler, description: 'Actions run in order when the widget is tapped.' } as const;
const inputName = {
  kind: 'string',
  required: true,
  description: 'Key of the value in the submitted form.',
} as const;
const label = { kind: 'string', description: 'Text shown beside or above the input.' } as const;
const bind = {
  kind: 'statePath',
  description: 'Two-way binding: the input shows this state value and writes every change back (state.path).',
} as const;
/** Every widget may be hidden by a binding. */
const visibleIf = {
  kind: 'binding',
  description:
    'A binding ("${state.flag}"); the widget is hidden while its value is falsy (missing, false, 0, "", []).',
} as const;

export const widgets = {
  screen: {
    description: 'The root of a page: a title bar and a scrolling column of children.',
    fields: {
      title: { kind: 'string', description: 'Shown in the title bar.' },
      children,
      onLoad: { ...handler, description: 'Run once when the page is first shown.' },
      onRefresh: { ...handler, description: 'Run by pull to refresh; without it the page reloads.' },
      refreshable: { kind: 'boolean', description: 'Pull to refresh runs onRefresh.' },
      state: {
        kind: 'data',
        description: 'Initial values of the page state (a JSON object), read by ${state.…} bindings.',
      },
      visibleIf,
    },
  },
  column: {
    description: 'Children stacked vertically.',
    fields: { children, spacing, align, visibleIf },
  },
  row: {
    description: 'Children side by side.',
    fields: {
      children,
      spacing,
      align,
      wrap: { kind: 'boolean', description: 'Children that do not fit continue on the next line.' },
      visibleIf,
    },
  },
  stack: {
    description: 'Children layered on top of each other.',
    fields: {
      children,
      spacing: { ...spacing, description: 'Inset of the children from every edge, in logical pixels.' },
      align,
      visibleIf,
    },
  },
  card: {
    description: 'A raised surface around its children, tappable.',
    fields: { children, onTap, visibleIf },
  },
  tabs: {
    description: 'Titled tabs, one child shown at a time.',
    fields: {
      tabs: {
        kind: 'object[]',
        description: 'The tabs, in order.',
        fields: {
          title: { kind: 'string', required: true, description: 'Label of the tab.' },
          child: { kind: 'widget', required: true, description: 'Shown while the tab is selected.' },
        },
      },
      selected: { kind: 'integer', minimum: 0, description: 'Index of the tab shown first.' },
      visibleIf,
    },
  },
  divider: {
    description: 'A thin horizontal line.',
    fields: { visibleIf },
  },
  spacer: {
    description: 'Empty space.',
    fields: {
      size: { kind: 'number', minimum: 0, description: 'Height and width, in logical pixels (16).' },
      visibleIf,
    },
  },
  text: {
    description: 'A paragraph of text.',
    fields: {
      text: { kind: 'string', required: true, description: 'The text, shown as written (no markup).' },
      style: {
        kind: 'enum',
        values: ['body', 'caption', 'label', 'title', 'subtitle'],
        description: 'Typographic role (body).',
      },
      maxLines: {
        kind: 'integer',
        minimum: 1,
        description: 'Lines shown before the text is cut with an ellipsis.',
      },
      color: { kind: 'string', description: 'A CSS colour; hosts may ignore it to keep their theme.' },
      visibleIf,
    },
  },
  heading: {
    description: 'A section heading.',
    fields: {
      text: { kind: 'string', required: true, description: 'The heading text.' },
      level: { kind: 'enum', values: [1, 2, 3], description: '1 is the largest (1).' },
      visibleIf,
    },
  },
  image: {
    description:
      'A picture loaded by the client directly from its https address (not through the proxy), or inline.',
    fields: {
      src: {
        kind: 'url',
        schemes: ['https', 'data'],
        required: true,
        description:
          'Absolute https address of the picture, or an inline data: PNG, JPEG, GIF, WebP or AVIF.',
      },
      alt: { kind: 'string', description: 'Text for screen readers and when the picture fails to load.' },
      width: {
        kind: 'number',
        minimum: 0,
        description: 'In logical pixels; without it the available width.',
      },
      height: {
        kind: 'number',
        minimum: 0,
        description: 'In logical pixels; without it the aspect ratio decides.',
      },
      fit: {
        kind: 'enum',
        values: ['cover', 'contain', 'fill', 'none'],
        description: 'How the picture fills its box, as CSS object-fit (cover).',
      },
      onTap,
      visibleIf,
    },
  },
  icon: {
    description: 'A named icon from the client icon set.',
    fields: {
      name: { kind: 'string', required: true, description: 'Icon name (renderer-spec.md lists them).' },
      size: { kind: 'number', minimum: 0, description: 'In logical pixels (20).' },
      color: { kind: 'string', description: 'A CSS colour; hosts may ignore it to keep their theme.' },
      visibleIf,
    },
  },
  button: {
    description: 'A button that runs its actions when tapped.',
    fields: {
      label: { kind: 'string', required: true, description: 'Text on the button.' },
      style: {
        kind: 'enum',
        values: ['primary', 'secondary', 'text', 'danger'],
        description: 'Emphasis (primary).',
      },
      disabled: { kind: 'boolean', description: 'Shown greyed out; taps do nothing.' },
      onTap: { ...onTap, required: true },
      visibleIf,
    },
  },
  list: {
    description: 'A list of items, with a text shown when it is empty.',
    fields: {
      items: { kind: 'widget[]', description: 'The rows, usually listItem widgets.' },
      emptyText: { kind: 'string', description: 'Shown instead of the list when it has no items.' },
      itemsFrom: {
        kind: 'binding',
        description: 'A binding to a list ("${state.events}"); itemTemplate is drawn once per entry.',
      },
      itemTemplate: {
        kind: 'widget',
        binds: ['item', 'index'],
        description: 'Drawn for each entry of itemsFrom, with ${item…} and ${index} bound to it.',
      },
      visibleIf,
    },
  },
  listItem: {
    description: 'One line of a list: title, subtitle, leading and trailing widgets.',
    fields: {
      title: { kind: 'string', required: true, description: 'Main line.' },
      subtitle: { kind: 'string', description: 'Second, quieter line.' },
      leading: { kind: 'widget', description: 'Shown before the text (an icon or image).' },
      trailing: { kind: 'widget', description: 'Shown after the text.' },
      onTap,
      visibleIf,
    },
  },
  form: {
    description: 'Groups inputs; submitForm with its id sends their values.',
    fields: {
      id: { kind: 'string', required: true, description: 'Names the form for submitForm.formId.' },
      children,
      onSubmit: {
        ...handler,
        binds: ['form'],
        description:
          'Run by submitForm without a url, and by Enter in a field, with ${form} bound to the values; a ' +
          'networkRequest in it sends them.',
      },
      collect: {
        kind: 'object',
        description:
          'Hosted apps: the platform keeps what submitForm with target "responses" sends, as a response of ' +
          'the collection named here, under these rules; its aggregates are read as ${responses.<name>…}.',
        fields: {
          name: {
            kind: 'string',
            required: true,
            maxLength: 64,
            description: 'The collection: a-z 0-9 _ - (at most 64), the same on every form that adds to it.',
          },
          maxPerUser: {
            kind: 'integer',
            minimum: 1,
            description:
              'Most responses one user may send (1 for a vote or a registration); no limit without it.',
          },
          closesAt: {
            kind: 'string',
            description:
              'When the form stops taking responses: an ISO 8601 instant with Z or ±HH:MM (2026-09-01T18:00:00Z).',
          },
          capacity: {
            kind: 'integer',
            minimum: 1,
            description:
              'Most responses of everyone together (the places of an event); one more is refused as full.',
          },
          allowEdit: {
            kind: 'boolean',
            description:
              'Whether a user may change their own response by its id (${responses.<name>.mine.id}).',
          },
          closedMessage: {
            kind: 'string',
            description: 'Shown when the form is closed (after closesAt); the platform says so without it.',
          },
          fullMessage: {
            kind: 'string',
            description: 'Shown when capacity is reached; the platform says so without it.',
          },
        },
      },
      visibleIf,
    },
  },
  textField: {
    description: 'A text input.',
    fields: {
      name: inputName,
      label,
      placeholder: { kind: 'string', description: 'Hint shown while the input is empty.' },
      inputType: {
        kind: 'enum',
        values: [
          'text',
          'multiline',
          'email',
          'number',
          'password',
          'tel',
          'url',
          'date',
          'time',
          'datetime',
        ],
        description:
          'Keyboard and checks of the input (text); multiline is a text area; date, time and datetime pick a ' +
          'day, a time of day or both, the value an ISO 8601 text (2026-09-01, 08:30, 2026-09-01T08:30) shown ' +
          "in the user's language.",
      },
      min: {
        kind: 'string',
        description:
          'For date, time and datetime: the earliest value accepted, written as the value is (2026-09-01); may be bound.',
      },
      max: {
        kind: 'string',
        description:
          'For date, time and datetime: the latest value accepted, written as the value is (2026-12-31); may be bound.',
      },
      required: { kind: 'boolean', description: 'The form is not sent while this is empty.' },
      maxLength: { kind: 'integer', minimum: 1, description: 'Most characters accepted.' },
      value: { kind: 'string', description: 'Initial value.' },
      bind,
      visibleIf,
    },
  },
  fileField: {
    description:
      'Picks files to send: submitForm or a networkRequest with the form sends them as multipart/form-data ' +
      "through the platform's proxy; a file over maxSize or of a type not in accept is refused on the page.",
    fields: {
      name: inputName,
      label,
      accept: {
        kind: 'enum[]',
        required: true,
        values: UPLOAD_TYPES,
        description:
          "The file types accepted, as MIME types (the proxy checks each file's first bytes against it).",
      },
      maxSize: {
        kind: 'integer',
        minimum: 1,
        maximum: MAX_UPLOAD_FILE_BYTES,
        description: `Largest file accepted, in bytes (at most ${MAX_UPLOAD_FILE_BYTES}, 10 MB, the default).`,
      },
      maxFiles: {
        kind: 'integer',
        minimum: 1,
        maximum: MAX_FIELD_FILES,
        description: `How many files may be chosen (1, the default, to ${MAX_FIELD_FILES}).`,
      },
      required: { kind: 'boolean', description: 'The form is not sent while no file is chosen.' },
      visibleIf,
    },
  },
  select: {
    description: 'A choice among options.',
    fields: {
      name: inputName,
      label,
      options: {
        kind: 'object[]',
        description: 'The choices, in order.',
        fields: {
          label: { kind: 'string', required: true, description: 'Shown to the user.' },
          value: { kind: 'string', required: true, description: 'Submitted when chosen.' },
        },
      },
      multiple: { kind: 'boolean', description: 'Several options may be chosen; the value is a list.' },
      required: { kind: 'boolean', description: 'The form is not sent while nothing is chosen.' },
      bind,
      visibleIf,
    },
  },
  checkbox: {
    description: 'A box that is checked or not.',
    fields: {
      name: inputName,
      label,
      checked: { kind: 'boolean', description: 'Initial state.' },
      bind,
      visibleIf,
    },
  },
  switch: {
    description: 'An on/off toggle that may run actions when changed.',
    fields: {
      name: inputName,
      label,
      value: { kind: 'boolean', description: 'Initial state.' },
      bind,
      onChange: { ...handler, description: 'Run in order after every change.' },
      visibleIf,
    },
  },
  qrCode: {
    description:
      'A QR code drawn on the device (no network), e.g. a pass shown at a turnstile; the screen is kept on and ' +
      'bright while it shows where the host can.',
    fields: {
      value: {
        kind: 'string',
        required: true,
        maxLength: 1000,
        description:
          'The text encoded (at most 1000 characters, UTF-8); may be bound ("${state.pass.code}").',
      },
      size: {
        kind: 'number',
        minimum: 96,
        maximum: 480,
        description: 'Width and height of the code with its margin, in logical pixels (240).',
      },
      caption: { kind: 'string', description: 'Shown under the code, and read to screen readers.' },
      keepAwake: {
        kind: 'boolean',
        description: 'While shown, keep the screen on and at full brightness where the device allows (true).',
      },
      visibleIf,
    },
  },
} as const satisfies Record<string, NodeSpec>;

export type WidgetType = keyof typeof widgets;
export const widgetTypes = Object.keys(widgets) as WidgetType[];

export function isWidgetType(name: string): name is WidgetType {
  return Object.hasOwn(widgets, name);
}
