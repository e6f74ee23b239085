// The palette's snippets without a browser: every registry entry with its required fields, placed between an
// array's items with its commas and indentation, the first field selected.
import { json } from '@codemirror/lang-json';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState, Transaction, type TransactionSpec } from '@codemirror/state';
import { actions, resolvePointer, validateScreen, widgets } from '@miniapps/schema';
import { describe, expect, it } from 'vitest';
import { insertAtCursor } from '../src/studio/insert-place.js';
import { type NodeKind, nodeJson, nodeTemplate } from '../src/studio/node-snippet.js';

/** The text after inserting the node where `|` stands, and the selection the snippet left. */
function inserted(marked: string, kind: NodeKind, type: string) {
  const spec = (kind === 'widget' ? widgets : actions)[type as never] as Parameters<typeof nodeTemplate>[2];
  let state = EditorState.create({
    doc: marked.replace('|', ''),
    selection: { anchor: marked.indexOf('|') },
    extensions: [json()],
  });
  ensureSyntaxTree(state, state.doc.length, 5000);
  const editor = {
    get state() {
      return state;
    },
    dispatch(change: Transaction | TransactionSpec) {
      state = change instanceof Transaction ? change.state : state.update(change).state;
    },
  };
  insertAtCursor(editor as never, nodeTemplate(kind, type, spec));
  const { from, to } = state.selection.main;
  return { text: state.doc.toString(), selected: state.sliceDoc(from - 1, to + 1), spec };
}

const screen = (children: string) => `{\n  "type": "screen",\n  "children": [${children}]\n}`;
const indented = (value: unknown, indent: string) =>
  JSON.stringify(value, null, 2).replaceAll('\n', `\n${indent}`);
const requiredOf = (fields: Record<string, { required?: boolean }>) =>
  Object.keys(fields).filter((name) => fields[name]!.required);

describe('a registry entry as a snippet', () => {
  // Read from the registry: a widget or an action added there is tested here without a change.
  const entries = [
    ...Object.keys(widgets).map((type) => ['widget', type] as const),
    ...Object.keys(actions).map((type) => ['action', type] as const),
  ];

  it.each(entries)('inserts the %s %s with every required field, none reported missing', (kind, type) => {
    const marked =
      kind === 'widget'
        ? screen('\n    {\n      "type": "text",\n      "text": "a"\n    }|\n  ')
        : screen('\n    {\n      "type": "button",\n      "label": "b",\n      "onTap": [|]\n    }\n  ');
    const { text, spec } = inserted(marked, kind, type);
    const parsed = JSON.parse(text);
    const pointer = kind === 'widget' ? '/children/1' : '/children/0/onTap/0';
    const node = resolvePointer(parsed, pointer) as Record<string, unknown>;
    expect(node[kind === 'widget' ? 'type' : 'actionType']).toBe(type);
    expect(Object.keys(node)).toEqual(expect.arrayContaining(requiredOf(spec.fields)));
    const missing = validateScreen(parsed).problems.filter(
      (problem) => problem.code === 'missing_field' && problem.pointer.startsWith(pointer),
    );
    expect(missing).toEqual([]);
  });
});

describe('where the snippet goes', () => {
  const button = nodeJson('widget', 'button', widgets.button);

  it('becomes an item of its own line in an empty array, one indent in', () => {
    const { text } = inserted(screen('|'), 'widget', 'button');
    expect(text).toBe(screen(`\n    ${indented(button, '    ')}\n  `));
  });

  it('takes a comma after the item before it, and gives one to the item after it', () => {
    const item = '{ "type": "divider" }';
    const after = inserted(screen(`\n    ${item}|\n  `), 'widget', 'button').text;
    expect(after).toBe(screen(`\n    ${item},\n    ${indented(button, '    ')}\n  `));
    const before = inserted(screen(`\n    |${item}\n  `), 'widget', 'button').text;
    expect(before).toBe(screen(`\n    ${indented(button, '    ')},\n    ${item}\n  `));
    // Between two items, the comma already there kept once.
    const between = inserted(screen(`\n    ${item},|\n    ${item}\n  `), 'widget', 'button').text;
    expect(JSON.parse(between).children.map((child: { type: string }) => child.type)).toEqual([
      'divider',
      'button',
      'divider',
    ]);
  });

  it('selects the first required field to type, between its quotes', () => {
    const { selected } = inserted(screen('|'), 'widget', 'button');
    expect(selected).toBe('""');
  });

  it('goes at the cursor as it is outside an array, or where something is half typed', () => {
    const { text } = inserted('{"type": "screen", "title": "x"|}', 'widget', 'divider');
    expect(text).toBe(
      `{"type": "screen", "title": "x"${indented(nodeJson('widget', 'divider', widgets.divider), '')}}`,
    );
    const half = inserted(screen('\n    {"type": "divider"}, tru|\n  '), 'widget', 'divider').text;
    expect(half).toContain('tru{');
  });
});
