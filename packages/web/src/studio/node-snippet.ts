// A widget or an action of the registry as a snippet: its type and every required field, each a tab stop.
import type { FieldMap, FieldSpec, NodeSpec } from '@miniapps/schema';

export type NodeKind = 'widget' | 'action';

/** The discriminator a node of each kind is written with. */
export const discriminator: Record<NodeKind, 'type' | 'actionType'> = {
  widget: 'type',
  action: 'actionType',
};

/** A stand-in value of the field's kind: what the validator accepts as written, for the developer to change. */
export function placeholder(field: FieldSpec): unknown {
  switch (field.kind) {
    case 'number':
    case 'integer':
      return field.minimum ?? 0;
    case 'boolean':
      return false;
    case 'enum':
      return field.values[0];
    // "One or more of the values": the first, alone.
    case 'enum[]':
      return field.values.slice(0, 1);
    case 'object':
      return requiredValues(field.fields);
    case 'widget[]':
    case 'action[]':
    case 'action|action[]':
    case 'object[]':
      return [];
    case 'widget':
    case 'action':
    case 'data':
      return {};
    default:
      return '';
  }
}

/** The required fields of a field map, each with its stand-in value, in the registry's order. */
export function requiredValues(fields: FieldMap): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => field.required)
      .map(([name, field]) => [name, placeholder(field)]),
  );
}

/** The node as JSON: its type and its required fields. */
export function nodeJson(kind: NodeKind, type: string, spec: NodeSpec): Record<string, unknown> {
  return { [discriminator[kind]]: type, ...requiredValues(spec.fields) };
}

/** Characters a snippet template reads as its own: a value holding them is written plainly, not as a tab stop. */
const TEMPLATE_SYNTAX = /[{}$#\\]/;

/**
 * The node as a template for CodeMirror's `snippet()`: one line a member, nested lines indented by tabs (which
 * `snippet()` turns into the editor's indent unit), each required field's value a tab stop the developer fills in
 * turn, the text between a string's quotes selected, the cursor after the node at the end.
 */
export function nodeTemplate(kind: NodeKind, type: string, spec: NodeSpec): string {
  let stop = 0;
  const value = (json: unknown): string => {
    const text = JSON.stringify(json);
    if (typeof json === 'string') {
      if (TEMPLATE_SYNTAX.test(text) || text !== `"${json}"`) return text;
      return json === '' ? `"\${${++stop}}"` : `"\${${++stop}:${json}}"`;
    }
    if (Array.isArray(json) && json.length === 0) return `[\${${++stop}}]`;
    if (isObject(json) && Object.keys(json).length === 0) return `{\${${++stop}}}`;
    if (isObject(json) || Array.isArray(json) || TEMPLATE_SYNTAX.test(text)) return text;
    return `\${${++stop}:${text}}`;
  };
  const members = Object.entries(requiredValues(spec.fields)).map(
    ([name, json]) => `\t${JSON.stringify(name)}: ${value(json)}`,
  );
  const lines = [`\t${JSON.stringify(discriminator[kind])}: ${JSON.stringify(type)}`, ...members];
  return `{\n${lines.join(',\n')}\n}\${0}`;
}

const isObject = (json: unknown): json is Record<string, unknown> =>
  typeof json === 'object' && json !== null && !Array.isArray(json);
