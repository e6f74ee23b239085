// The JSON Schema (draft 2020-12) of a screen, generated from the registry for editors and other tools.
import { actions } from './actions.js';
import { DATA_IMAGE_PREFIX, type FieldMap, type FieldSpec, type NodeSpec } from './field-kinds.js';
import { widgets } from './widgets.js';

/** A JSON Schema document or subschema. */
export type JsonSchema = { [keyword: string]: unknown };

const widgetRef = { $ref: '#/$defs/widget' };
const actionRef = { $ref: '#/$defs/action' };

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Absolute addresses with a host, for `data` the raster image prefix (field-kinds.ts DATA_IMAGE_PREFIX), or a binding. */
function urlPattern(schemes: readonly string[]): string {
  const hosted = schemes.filter((scheme) => scheme !== 'data');
  const choices = hosted.length > 0 ? [`(${hosted.map(escapeForPattern).join('|')})://[^/]`] : [];
  if (schemes.includes('data')) choices.push(DATA_IMAGE_PREFIX.source.slice(1).replaceAll('\\/', '/'));
  // A bound address (`${item.photo}`) is checked by the renderer once drawn.
  choices.push('\\$\\{');
  return `^(${choices.join('|')})`;
}

function fieldSchema(spec: FieldSpec): JsonSchema {
  return spec.description ? { ...kindSchema(spec), description: spec.description } : kindSchema(spec);
}

function kindSchema(spec: FieldSpec): JsonSchema {
  switch (spec.kind) {
    case 'widget':
      return widgetRef;
    case 'widget[]':
      return { type: 'array', items: widgetRef };
    case 'action':
      return actionRef;
    case 'action[]':
      return { type: 'array', items: actionRef };
    case 'action|action[]':
      return { $ref: '#/$defs/actions' };
    case 'object[]':
      return { type: 'array', items: objectSchema(spec.fields, {}) };
    case 'object':
      return objectSchema(spec.fields, {});
    case 'url':
      return { type: 'string', pattern: urlPattern(spec.schemes) };
    case 'relativeUrl':
    case 'path':
      return { type: 'string', pattern: '^(/(?!/)|\\$\\{)' };
    case 'data':
      return spec.keys === 'statePath'
        ? { type: 'object', propertyNames: { pattern: '^state(\\.|\\[)' } }
        : {};
    case 'binding':
      return { type: 'string', pattern: '^\\$\\{[^}]*\\}$' };
    case 'statePath':
      return { type: 'string', pattern: '^state(\\.|\\[)' };
    case 'string':
      return spec.maxLength === undefined
        ? { type: 'string' }
        : { type: 'string', maxLength: spec.maxLength };
    case 'number':
    case 'integer': {
      const schema: JsonSchema = { type: spec.kind };
      if (spec.minimum !== undefined) schema['minimum'] = spec.minimum;
      if (spec.maximum !== undefined) schema['maximum'] = spec.maximum;
      return schema;
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { enum: [...spec.values] };
    case 'enum[]':
      return { type: 'array', items: { enum: [...spec.values] }, minItems: 1, uniqueItems: true };
  }
}

function objectSchema(fields: FieldMap, discriminator: Record<string, string>): JsonSchema {
  const properties: JsonSchema = {};
  const required: string[] = [];
  for (const [key, value] of Object.entries(discriminator)) {
    properties[key] = { const: value };
    required.push(key);
  }
  for (const [name, spec] of Object.entries(fields)) {
    properties[name] = fieldSchema(spec);
    if (spec.required) required.push(name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

function definitions(registry: Record<string, NodeSpec>, prefix: string, discriminator: string): JsonSchema {
  const defs: JsonSchema = {};
  for (const [name, spec] of Object.entries(registry)) {
    defs[`${prefix}.${name}`] = {
      description: spec.description,
      ...objectSchema(spec.fields, { [discriminator]: name }),
    };
  }
  return defs;
}

/** Builds the schema afresh (for tools that add their own keywords); most callers use `screenJsonSchema`. */
export function buildScreenJsonSchema(): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Mini-app screen',
    description: 'A screen: a widget tree whose root is usually a "screen" widget.',
    $ref: '#/$defs/widget',
    $defs: {
      widget: { oneOf: Object.keys(widgets).map((name) => ({ $ref: `#/$defs/widget.${name}` })) },
      action: { oneOf: Object.keys(actions).map((name) => ({ $ref: `#/$defs/action.${name}` })) },
      actions: { anyOf: [actionRef, { type: 'array', items: actionRef }] },
      ...definitions(widgets, 'widget', 'type'),
      ...definitions(actions, 'action', 'actionType'),
    },
  };
}

export const screenJsonSchema: JsonSchema = buildScreenJsonSchema();
