// Completion in a screen's JSON from the registry: widget and action types, a node's field names, enum values.
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import { actions, type FieldSpec, type NodeSpec, widgets } from '@miniapps/schema';

/** A node of the JSON syntax tree (typed through the editor's API, @lezer/common being its dependency). */
type SyntaxNode = ReturnType<ReturnType<typeof syntaxTree>['resolveInner']>;

const widgetSpecs: Record<string, NodeSpec> = widgets;
const actionSpecs: Record<string, NodeSpec> = actions;

/** The text of a String or PropertyName node without its quotes (escapes decoded when they are valid). */
function stringValue(state: EditorState, node: SyntaxNode): string {
  const raw = state.sliceDoc(node.from, node.to);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
}

/** An object's members by name (the first of a repeated name), each the node of its value. */
function members(state: EditorState, object: SyntaxNode): Map<string, SyntaxNode | null> {
  const found = new Map<string, SyntaxNode | null>();
  for (let property = object.firstChild; property; property = property.nextSibling) {
    if (property.name !== 'Property') continue;
    const name = property.getChild('PropertyName');
    if (!name) continue;
    const key = stringValue(state, name);
    if (!found.has(key)) found.set(key, name.nextSibling?.name === ':' ? name.nextSibling.nextSibling : null);
  }
  return found;
}

/** What the object is, by its discriminator: a widget's or an action's registry entry. */
function specOf(state: EditorState, object: SyntaxNode): NodeSpec | undefined {
  const own = members(state, object);
  const type = own.get('type');
  if (type?.name === 'String') return widgetSpecs[stringValue(state, type)];
  const actionType = own.get('actionType');
  if (actionType?.name === 'String') return actionSpecs[stringValue(state, actionType)];
  return undefined;
}

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
  const node = syntaxTree(state).resolveInner(pos, -1);
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
