// Completion in a screen's JSON from the registry: widget and action types, a node's field names, enum values.
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { FieldSpec, NodeSpec } from '@miniapps/schema';
import { actionSpecs, members, type SyntaxNode, specOf, stringValue, widgetSpecs } from './screen-tree.js';

/** What may be typed of a name: the list stays open while it matches. */
const WORD = /^\w*$/;
/** What may be typed of a value (a MIME type has a slash, a number a dot or a minus). */
const VALUE = /^[\w./+-]*$/;

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
  if (node.name === 'PropertyName' || (node.name === 'Object' && context.explicit)) {
    return nameCompletions(context, node);
  }
  const slot = valueSlot(state, pos, inner);
  return slot && valueCompletions(state, pos, slot);
}

/** A member's name: the fields of the node whose object it is in, those not written yet. */
function nameCompletions({ state, pos }: CompletionContext, node: SyntaxNode): CompletionResult | null {
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

/** Where a value is being written: the member it belongs to, whether as an item of its array, and what is typed. */
interface ValueSlot {
  property: SyntaxNode;
  /** An item of the member's array value (an enum[] field's values are completed one by one). */
  item: boolean;
  /** The String or Number typed so far, or null where nothing is yet (just after `:`, `[` or `,`). */
  typed: SyntaxNode | null;
}

function valueSlot(state: EditorState, pos: number, inner: SyntaxNode): ValueSlot | null {
  const up = inner.parent;
  if (inner.name === 'String' || inner.name === 'Number') {
    if (up?.name === 'Property') return { property: up, item: false, typed: inner };
    if (up?.name === 'Array' && up.parent?.name === 'Property')
      return { property: up.parent, item: true, typed: inner };
    return null;
  }
  if (inner.name === 'Property') {
    const colon = inner.getChild(':');
    const value = colon?.nextSibling;
    // After the colon with no value written yet (the parser marks the gap as an error node).
    if (!colon || colon.to > pos || (value && value.type.isError === false)) return null;
    return { property: inner, item: false, typed: null };
  }
  const array = inner.name === 'Array' ? inner : (inner.name === '[' || inner.name === ',') && up;
  if (
    array &&
    array.name === 'Array' &&
    array.parent?.name === 'Property' &&
    state.sliceDoc(pos - 1, pos) !== ']'
  )
    return { property: array.parent, item: true, typed: null };
  return null;
}

function valueCompletions(state: EditorState, pos: number, slot: ValueSlot): CompletionResult | null {
  const { property, item, typed } = slot;
  const name = property.getChild('PropertyName');
  const object = property.parent;
  if (!name || !object) return null;
  const key = stringValue(state, name);
  // The types of a discriminator, inside its quotes.
  if ((key === 'type' || key === 'actionType') && !item && typed?.name === 'String') {
    const options = key === 'type' ? typeOptions(widgetSpecs, 'class') : typeOptions(actionSpecs, 'function');
    return { ...insideQuotes(state, typed), options, validFor: WORD };
  }
  const field = specOf(state, object)?.fields[key];
  if (!field || (field.kind !== 'enum' && field.kind !== 'enum[]') || (field.kind === 'enum[]') !== item)
    return null;
  // An enum[] holds each value once: those written already are not offered again.
  const written = item ? writtenItems(state, property, typed) : new Set<string>();
  const values = field.values.filter((value) => !written.has(JSON.stringify(value)));
  const info = field.description !== undefined ? { info: field.description } : {};
  const option = (value: string | number, apply?: Completion['apply']): Completion => ({
    label: String(value),
    type: 'enum',
    ...(apply !== undefined && { apply }),
    ...info,
  });
  if (typed?.name === 'String') {
    // Inside quotes a string value replaces the text between them; a number replaces the quotes too.
    const options = values.map((value) =>
      typeof value === 'string' ? option(value) : option(value, replacing(typed, String(value))),
    );
    return { ...insideQuotes(state, typed), options, validFor: VALUE };
  }
  // A bare place (a number typed, or nothing yet): numbers written as numbers, strings with their quotes.
  const options = values.map((value) =>
    option(value, typeof value === 'number' ? undefined : JSON.stringify(value)),
  );
  return typed ? { from: typed.from, to: typed.to, options, validFor: VALUE } : { from: pos, options };
}

/** A completion that replaces the whole typed node (its quotes too) with `text`. */
const replacing =
  (node: SyntaxNode, text: string) =>
  (view: EditorView, _completion: Completion, _from: number, to: number) =>
    view.dispatch({
      changes: { from: node.from, to: Math.max(to, node.to), insert: text },
      selection: { anchor: node.from + text.length },
    });

/** The items of the member's array already written (as JSON text), the one being typed left out. */
function writtenItems(state: EditorState, property: SyntaxNode, typed: SyntaxNode | null): Set<string> {
  const array = property.getChild('Array');
  const found = new Set<string>();
  for (let child = array?.firstChild; child; child = child.nextSibling) {
    if ((child.name === 'String' || child.name === 'Number') && child.from !== typed?.from)
      found.add(JSON.stringify(stringOrNumber(state, child)));
  }
  return found;
}

const stringOrNumber = (state: EditorState, node: SyntaxNode): string | number =>
  node.name === 'Number' ? Number(state.sliceDoc(node.from, node.to)) : stringValue(state, node);
