// The registry of known widgets (SCREENS.md "Widgets"): a screen's `type` names one of these.
import type { NodeSpec } from './field-kinds.js';

const align = { kind: 'enum', values: ['start', 'center', 'end', 'stretch'] } as const;
const spacing = {
  kind: 'number',
  minimum: 0,
  description: 'Gap between children, in logical pixels.',
} as const;
const children = { kind: 'widget[]' } as const;
const handler = { kind: 'action|action[]' } as const;
const inputName = {
  kind: 'string',
  required: true,
  description: 'Key of the value in the submitted form.',
} as const;
const label = { kind: 'string' } as const;

export const widgets = {
  screen: {
    description: 'The root of a page: a title bar and a scrolling column of children.',
    fields: {
      title: { kind: 'string' },
      children,
      onLoad: handler,
      onRefresh: handler,
      refreshable: { kind: 'boolean', description: 'Pull to refresh runs onRefresh.' },
    },
  },
  column: {
    description: 'Children stacked vertically.',
    fields: { children, spacing, align },
  },
  row: {
    description: 'Children side by side.',
    fields: { children, spacing, align, wrap: { kind: 'boolean' } },
  },
  stack: {
    description: 'Children layered on top of each other.',
    fields: { children, spacing, align },
  },
  card: {
    description: 'A raised surface around its children, tappable.',
    fields: { children, onTap: handler },
  },
  tabs: {
    description: 'Titled tabs, one child shown at a time.',
    fields: {
      tabs: {
        kind: 'object[]',
        fields: { title: { kind: 'string', required: true }, child: { kind: 'widget', required: true } },
      },
      selected: { kind: 'integer', minimum: 0, description: 'Index of the tab shown first.' },
    },
  },
  divider: {
    description: 'A thin horizontal line.',
    fields: {},
  },
  spacer: {
    description: 'Empty space.',
    fields: { size: { kind: 'number', minimum: 0 } },
  },
  text: {
    description: 'A paragraph of text.',
    fields: {
      text: { kind: 'string', required: true },
      style: { kind: 'enum', values: ['body', 'caption', 'label', 'title', 'subtitle'] },
      maxLines: { kind: 'integer', minimum: 1 },
      color: { kind: 'string' },
    },
  },
  heading: {
    description: 'A section heading.',
    fields: {
      text: { kind: 'string', required: true },
      level: { kind: 'enum', values: [1, 2, 3] },
    },
  },
  image: {
    description: 'A picture loaded by the client directly from its https address, not through the proxy.',
    fields: {
      src: { kind: 'url', schemes: ['https'], required: true },
      alt: { kind: 'string' },
      width: { kind: 'number', minimum: 0 },
      height: { kind: 'number', minimum: 0 },
      fit: { kind: 'enum', values: ['cover', 'contain', 'fill', 'none'] },
      onTap: handler,
    },
  },
  icon: {
    description: 'A named icon from the client icon set.',
    fields: {
      name: { kind: 'string', required: true },
      size: { kind: 'number', minimum: 0 },
      color: { kind: 'string' },
    },
  },
  button: {
    description: 'A button that runs its actions when tapped.',
    fields: {
      label: { kind: 'string', required: true },
      style: { kind: 'enum', values: ['primary', 'secondary', 'text', 'danger'] },
      disabled: { kind: 'boolean' },
      onTap: { kind: 'action|action[]', required: true },
    },
  },
  list: {
    description: 'A list of items, with a text shown when it is empty.',
    fields: { items: { kind: 'widget[]' }, emptyText: { kind: 'string' } },
  },
  listItem: {
    description: 'One line of a list: title, subtitle, leading and trailing widgets.',
    fields: {
      title: { kind: 'string', required: true },
      subtitle: { kind: 'string' },
      leading: { kind: 'widget' },
      trailing: { kind: 'widget' },
      onTap: handler,
    },
  },
  form: {
    description: 'Groups inputs; submitForm with its id sends their values.',
    fields: {
      id: { kind: 'string', required: true },
      children,
      onSubmit: handler,
    },
  },
  textField: {
    description: 'A text input.',
    fields: {
      name: inputName,
      label,
      placeholder: { kind: 'string' },
      inputType: { kind: 'enum', values: ['text', 'multiline', 'email', 'number', 'password', 'tel', 'url'] },
      required: { kind: 'boolean' },
      maxLength: { kind: 'integer', minimum: 1 },
      value: { kind: 'string' },
    },
  },
  select: {
    description: 'A choice among options.',
    fields: {
      name: inputName,
      label,
      options: {
        kind: 'object[]',
        fields: { label: { kind: 'string', required: true }, value: { kind: 'string', required: true } },
      },
      multiple: { kind: 'boolean' },
      required: { kind: 'boolean' },
    },
  },
  checkbox: {
    description: 'A box that is checked or not.',
    fields: { name: inputName, label, checked: { kind: 'boolean' } },
  },
  switch: {
    description: 'An on/off toggle that may run actions when changed.',
    fields: { name: inputName, label, value: { kind: 'boolean' }, onChange: handler },
  },
} as const satisfies Record<string, NodeSpec>;

export type WidgetType = keyof typeof widgets;
export const widgetTypes = Object.keys(widgets) as WidgetType[];

export function isWidgetType(name: string): name is WidgetType {
  return Object.hasOwn(widgets, name);
}
