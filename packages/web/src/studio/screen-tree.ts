// A screen's JSON as the editor parsed it, read against the registry: which widget or action an object is.
import type { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import { actions, type NodeSpec, widgets } from '@miniapps/schema';

/** A node of the JSON syntax tree (typed through the editor's API, @lezer/common being its dependency). */
export type SyntaxNode = ReturnType<ReturnType<typeof syntaxTree>['resolveInner']>;

export const widgetSpecs: Record<string, NodeSpec> = widgets;
export const actionSpecs: Record<string, NodeSpec> = actions;

/** The text of a String or PropertyName node without its quotes (escapes decoded when they are valid). */
export function stringValue(state: EditorState, node: SyntaxNode): string {
  const raw = state.sliceDoc(node.from, node.to);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
}

/** An object's members by name (the first of a repeated name), each the node of its value. */
export function members(state: EditorState, object: SyntaxNode): Map<string, SyntaxNode | null> {
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
export function specOf(state: EditorState, object: SyntaxNode): NodeSpec | undefined {
  const own = members(state, object);
  const type = own.get('type');
  if (type?.name === 'String') return widgetSpecs[stringValue(state, type)];
  const actionType = own.get('actionType');
  if (actionType?.name === 'String') return actionSpecs[stringValue(state, actionType)];
  return undefined;
}
