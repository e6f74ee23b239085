// Completion in a screen's JSON from the registry: widget and action types, a node's field names, enum values.
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { FieldSpec, NodeSpec } from '@miniapps/schema';
import { actionSpecs, members, type SyntaxNode, specOf, stringValue, widgetSpecs } from './screen-tree.js';

/** What may be typed of a name: the list stays open while it matches. */
const WORD = /^\w*$/;

/** The characters between a string's quotes (the closing one may not be typed yet): what a completion replaces. */
function insideQuotes(state: EditorState, node: SyntaxNode): { from: number; to: number } {
  const closed = node.to - node.from >= 2 && state.sliceDoc(node.to - 1, node.to) === '"';
  return { from: node.from + 1, to: closed ? node.to - 1 : node.to };
}

const typeOptions = (specs: Record<string, NodeSpec>, type: string): Completion[] =>
  Object.entries(specs).map(([name, spec]) => ({
    label: name,
    type,
    info: spec.description,
  }));

function fieldDetail(field: FieldSpec): string {
  return field.required ? `${field.kind}, required` : field.kind;
}

/** The completions at the cursor, or null where the registry has nothing to offer. */
export function screenCompletions(context: CompletionContext): CompletionResult | null {
  const { state, pos } = context;
  const inner = syntaxTree(state).resolveInner(pos, -1);
  // Right after `{` or `,` of an object: between its members.
  const node =
    (inner.name === '{' || inner.name === ',') && inner.parent?.name === 'Object' ? inner.parent : inner;
  // A member's name: the fields of the node whose object it is in, those not written yet.
  if (node.name === 'PropertyName' || (node.name === 'Object' && context.explicit)) {
    const object = node.name === 'Object' ? node : node.parent?.parent;
    if (object?.name !== 'Object') return null;
    const spec = specOf(state, object);
    const written = members(state, object);
    const options: Completion[] = spec
      ? Object.entries(spec.fields)
          .filter(([name]) => !written.has(name))
          .map(([name, field]) => ({
            label: name,
            ...(node.name === 'Object' && { apply: `${JSON.stringify(name)}: ` }),
            type: 'property',
            detail: fieldDetail(field),
            ...(field.description !== undefined && { info: field.description }),
            boost: field.required ? 1 : 0,
          }))
      : (['type', 'actionType'] as const).map((name) => ({
          label: name,
          ...(node.name === 'Object' && { apply: `${JSON.stringify(name)}: ` }),
          type: 'property',
          detail: name === 'type' ? 'widget' : 'action',
        }));
    return node.name === 'Object'
      ? { from: pos, options }
      : { ...insideQuotes(state, node), options, validFor: WORD };
  }
  // A member's value: the types for a discriminator, the values of an enum field.
  if (node.name !== 'String' || node.parent?.name !== 'Property') return null;
  const name = node.parent.getChild('PropertyName');
  const object = node.parent.parent;
  if (!name || !object) return null;
  const key = stringValue(state, name);
  let options: Completion[] | undefined;
  if (key === 'type') options = typeOptions(widgetSpecs, 'class');
  else if (key === 'actionType') options = typeOptions(actionSpecs, 'function');
  else {
    const field = specOf(state, object)?.fields[key];
    if (field?.kind === 'enum' || field?.kind === 'enum[]') {
      // Inside a string only the string values fit (a number is written bare, where no string is).
      options = field.values
        .flatMap((value) => (typeof value === 'string' ? [value] : []))
        .map((value) => ({
          label: value,
          type: 'enum',
          ...(field.description !== undefined && { info: field.description }),
        }));
    }
  }
  return options ? { ...insideQuotes(state, node), options, validFor: WORD } : null;
}
