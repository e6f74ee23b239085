// Where a node inserted at the cursor goes: between an array's items, commas and line breaks added, or as typed.
import { snippet } from '@codemirror/autocomplete';
import { indentUnit, syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { SyntaxNode } from './screen-tree.js';

/** The text replaced, what comes before and after the node, and the indentation the node's lines start at. */
export interface InsertPlace {
  from: number;
  to: number;
  before: string;
  after: string;
}

const isItem = (node: SyntaxNode) => !['[', ']', ','].includes(node.name) && !node.type.isError;

/** The array whose items the cursor is between (not inside one of them), if any. */
function arrayAround(state: EditorState, pos: number): SyntaxNode | null {
  for (let node: SyntaxNode | null = syntaxTree(state).resolveInner(pos, 0); node; node = node.parent) {
    if (node.name === 'Array') return node.from < pos && pos < node.to ? node : null;
    if (node.name !== '[' && node.name !== ']' && node.name !== ',' && !node.type.isError) return null;
  }
  return null;
}

/**
 * Between an array's items the node becomes an item of its own line, one indent unit in from the array's line,
 * with the commas it needs on either side (a stray comma in the gap is dropped). Anywhere else it goes at the
 * cursor as it is: the developer chose the place.
 */
export function insertPlace(state: EditorState, pos: number): InsertPlace {
  const array = arrayAround(state, pos);
  const open = array?.firstChild;
  const close = array?.lastChild;
  if (!array || open?.name !== '[' || close?.name !== ']')
    return { from: pos, to: pos, before: '', after: '' };
  let previous: SyntaxNode | null = null;
  let next: SyntaxNode | null = null;
  for (let child = open.nextSibling; child && child !== close; child = child.nextSibling) {
    if (!isItem(child)) continue;
    if (child.to <= pos) previous = child;
    else if (!next) next = child;
  }
  const from = previous?.to ?? open.to;
  const to = next?.from ?? close.from;
  // Something half typed in the gap: leave it, and the place, to the developer.
  if (!/^[\s,]*$/.test(state.sliceDoc(from, to))) return { from: pos, to: pos, before: '', after: '' };
  const outer = /^\s*/.exec(state.doc.lineAt(array.from).text)![0];
  const inner = outer + state.facet(indentUnit);
  return {
    from,
    to,
    before: `${previous ? ',' : ''}\n${inner}`,
    after: next ? `,\n${inner}` : `\n${outer}`,
  };
}

/**
 * Inserts a `snippet()` template at the cursor's place, its first tab stop selected (Tab moves to the next): the
 * place first (commas, a line of its own), then the snippet there, so its lines are indented from that line.
 */
export function insertAtCursor(editor: Pick<EditorView, 'state' | 'dispatch'>, template: string): void {
  const place = insertPlace(editor.state, editor.state.selection.main.head);
  const at = place.from + place.before.length;
  editor.dispatch({
    changes: { from: place.from, to: place.to, insert: place.before + place.after },
    selection: { anchor: at },
    userEvent: 'input.complete',
  });
  snippet(template)(editor, { label: 'palette' }, at, at);
}
