// The two documents published for renderers on other platforms: the screen's JSON Schema and the registry.
import { actions } from './actions.js';
import { BINDING_ROOTS } from './bindings.js';
import type { FieldKind, FieldMap, FieldSpec, NodeSpec } from './field-kinds.js';
import { HOST_CAPABILITIES } from './host-capabilities.js';
import { buildScreenJsonSchema, type JsonSchema } from './json-schema.js';
import { SCHEMA_VERSION } from './spec-version.js';
import { widgets } from './widgets.js';

/** What each field kind means to a renderer; registry.json carries it so the document explains itself. */
const fieldKinds: Record<FieldKind, string> = {
  widget: 'One widget (an object with "type").',
  'widget[]': 'A list of widgets, drawn in order.',
  action: 'One action (an object with "actionType").',
  'action[]': 'A list of actions, run in order.',
  'action|action[]': 'One action or a list of actions, run in order; the first failure stops the rest.',
  'object[]': 'A list of plain objects with the fields listed under "fields".',
  object: 'One plain object with the fields listed under "fields".',
  url: 'An absolute address the client loads or opens itself, with one of the listed "schemes".',
  relativeUrl: "A path (and query) on the app's origin starting with /, called through the platform's proxy.",
  path: 'An in-app page path starting with /, without . or .. segments.',
  data: 'Any JSON value, passed on as it is and never read as widgets or actions.',
  string: 'Text.',
  number: 'A number.',
  integer: 'A whole number.',
  boolean: 'true or false.',
  enum: 'One of the listed "values".',
  'enum[]': 'A list of one or more of the listed "values", none twice.',
  binding: 'Exactly one ${path} binding; its value is taken with its type (a list, a flag...).',
  statePath: 'A state path without ${}, such as state.items, where a value is stored.',
};

/** One field as registry.json describes it: every key a renderer needs, `required` always present. */
function fieldEntry(spec: FieldSpec): Record<string, unknown> {
  const entry: Record<string, unknown> = { kind: spec.kind, required: spec.required === true };
  if (spec.description !== undefined) entry['description'] = spec.description;
  switch (spec.kind) {
    case 'enum':
    case 'enum[]':
      entry['values'] = [...spec.values];
      break;
    case 'url':
      entry['schemes'] = [...spec.schemes];
      break;
    case 'number':
    case 'integer':
      if (spec.minimum !== undefined) entry['minimum'] = spec.minimum;
      if (spec.maximum !== undefined) entry['maximum'] = spec.maximum;
      break;
    case 'string':
      if (spec.maxLength !== undefined) entry['maxLength'] = spec.maxLength;
      break;
    case 'object[]':
    case 'object':
      entry['fields'] = fieldEntries(spec.fields);
      break;
    case 'data':
      if (spec.keys !== undefined) entry['keys'] = spec.keys;
      break;
    default:
      if ('binds' in spec && spec.binds !== undefined) entry['binds'] = [...spec.binds];
  }
  return entry;
}

function fieldEntries(fields: FieldMap): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, fieldEntry(spec)]));
}

function nodeEntries(registry: Record<string, NodeSpec>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(registry).map(([name, spec]) => [
      name,
      { description: spec.description, fields: fieldEntries(spec.fields) },
    ]),
  );
}

/** registry.json: every widget and action with its fields, kinds, required flags, enums and descriptions. */
function registryDocument(): Record<string, unknown> {
  return {
    schemaVersion: SCHEMA_VERSION,
    description:
      'The miniapps screen format: widgets (objects with "type") and actions (objects with "actionType"). ' +
      'How each is drawn and run: docs/renderer-spec.md.',
    fieldKinds,
    bindings: {
      description:
        'Any string field may hold ${path}; a path is names joined by "." with [n] indices and [path] keys (one level), ' +
        'rooted at one of "roots". ' +
        'A field that is one binding alone takes the value with its type; otherwise values are written as text.',
      roots: [...BINDING_ROOTS],
      hostCapabilities: {
        description:
          '${host.capabilities.<name>} is true where the host or its browser can do it, false elsewhere ' +
          '(docs/renderer-spec.md, Host capabilities).',
        names: [...HOST_CAPABILITIES],
      },
    },
    widgets: nodeEntries(widgets),
    actions: nodeEntries(actions),
  };
}

/** screen.schema.json: the JSON Schema (2020-12) of a screen, with the format's version beside `$schema`. */
function screenSchemaDocument(): JsonSchema {
  const { $schema, ...rest } = buildScreenJsonSchema();
  // `schemaVersion` is an annotation; validators in strict mode must be told the keyword (Ajv: addKeyword).
  return { $schema, schemaVersion: SCHEMA_VERSION, ...rest };
}

/** The published files by name, as the exact text written to packages/schema/spec and served by the platform. */
export function specFiles(): { 'screen.schema.json': string; 'registry.json': string } {
  return {
    'screen.schema.json': `${JSON.stringify(screenSchemaDocument(), null, 2)}\n`,
    'registry.json': `${JSON.stringify(registryDocument(), null, 2)}\n`,
  };
}
