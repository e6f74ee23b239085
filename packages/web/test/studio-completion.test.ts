// The studio's completion and findings without a browser: what the registry offers at a place, what the validator says where.
import { CompletionContext } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { widgets } from '@miniapps/schema';
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/messages-en.js';
import ru from '../src/i18n/messages-ru.js';
import { screenCompletions } from '../src/studio/screen-completion.js';
import { screenFindings, type Translate } from '../src/studio/screen-findings.js';
import { describeAt } from '../src/studio/screen-hover.js';

/** Completions where `|` stands in the text. */
function complete(marked: string, explicit = true) {
  const pos = marked.indexOf('|');
  const state = EditorState.create({ doc: marked.replace('|', ''), extensions: [json()] });
  ensureSyntaxTree(state, state.doc.length, 5000);
  const result = screenCompletions(new CompletionContext(state, pos, explicit));
  return result && { ...result, labels: result.options.map((option) => option.label) };
}

// The catalogues' plain texts, filled in by hand: enough for messages with simple {placeholders}.
const translate =
  (catalogue: Record<string, string>): Translate =>
  (key, values = {}) =>
    catalogue[key]!.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

describe('completion from the registry', () => {
  it('offers every widget type in a "type" value, with its description', () => {
    const result = complete('{"type": "screen", "children": [{"type": "|"}]}')!;
    expect(result.labels).toEqual(expect.arrayContaining(['text', 'heading', 'button', 'form', 'list']));
    expect(result.labels).not.toContain('openPage');
    expect(result.options.find((o) => o.label === 'heading')?.info).toEqual(expect.any(String));
    // Replaces what is between the quotes.
    expect(result.from).toBe(result.to);
  });

  it('offers the action types in an "actionType" value', () => {
    const result = complete('{"type": "button", "onTap": {"actionType": "op|en"}}')!;
    expect(result.labels).toEqual(expect.arrayContaining(['openPage', 'networkRequest', 'showToast']));
    expect(result.labels).not.toContain('text');
  });

  it('offers the fields of the node not written yet, the required ones first', () => {
    const result = complete('{"type": "textField", "label": "Name", "|": 1}')!;
    expect(result.labels).toContain('name');
    expect(result.labels).not.toContain('label');
    const name = result.options.find((o) => o.label === 'name')!;
    expect(name.detail).toBe('string, required');
    expect(name.boost).toBe(1);
  });

  it('offers an enum field its values, and nothing for a free text', () => {
    expect(complete('{"type": "column", "align": "|"}')!.labels).toEqual([
      'start',
      'center',
      'end',
      'stretch',
    ]);
    expect(complete('{"type": "text", "text": "|"}')).toBeNull();
  });

  it('offers "type" and "actionType" in an object with neither yet, with quotes when asked between members', () => {
    const result = complete('{"type": "screen", "children": [{|}]}')!;
    expect(result.labels).toEqual(['type', 'actionType']);
    expect(result.options[0]!.apply).toBe('"type": ');
  });
});

describe('completion of enum values', () => {
  /** The text once `label` is accepted where `|` stands (applied as the editor would, a function on a stand-in view). */
  const accepted = (marked: string, label: string) => {
    const result = complete(marked)!;
    const option = result.options.find((o) => o.label === label)!;
    let doc = marked.replace('|', '');
    const to = result.to ?? marked.indexOf('|');
    if (typeof option.apply === 'function') {
      const view = {
        dispatch: ({ changes }: { changes: { from: number; to: number; insert: string } }) => {
          doc = doc.slice(0, changes.from) + changes.insert + doc.slice(changes.to);
        },
      };
      option.apply(view as never, option, result.from, to);
      return doc;
    }
    return doc.slice(0, result.from) + (option.apply ?? option.label) + doc.slice(to);
  };
  const fileField = (accept: string) => `{"type": "fileField", "name": "f", "accept": ${accept}}`;
  const uploadTypes = (widgets.fileField.fields.accept as { values: readonly string[] }).values;

  it('offers each item of an enum[] field its values, those written already left out', () => {
    expect(complete(fileField('["|"]'))!.labels).toEqual([...uploadTypes]);
    const [first, second] = uploadTypes;
    const next = complete(fileField(`["${first}", "|"]`))!.labels;
    expect(next).toEqual(uploadTypes.filter((type) => type !== first));
    // Between items, with nothing typed yet: the value comes with its quotes.
    expect(accepted(fileField(`["${first}", |]`), second!)).toBe(fileField(`["${first}", "${second}"]`));
    expect(accepted(fileField('[|]'), first!)).toBe(fileField(`["${first}"]`));
    // An enum field is no list: its value alone is completed, not as an item.
    expect(complete('{"type": "column", "align": ["|"]}')).toBeNull();
  });

  it('completes a numeric enum as a number, bare or over the quotes typed', () => {
    const levels = (widgets.heading.fields.level as { values: readonly number[] }).values.map(String);
    expect(complete('{"type": "heading", "text": "x", "level": |}')!.labels).toEqual(levels);
    expect(accepted('{"type": "heading", "text": "x", "level": |}', '2')).toBe(
      '{"type": "heading", "text": "x", "level": 2}',
    );
    expect(accepted('{"type": "heading", "text": "x", "level": 3|}', '1')).toBe(
      '{"type": "heading", "text": "x", "level": 1}',
    );
    expect(accepted('{"type": "heading", "text": "x", "level": "|"}', '2')).toBe(
      '{"type": "heading", "text": "x", "level": 2}',
    );
    // A string enum in a bare place comes quoted.
    expect(accepted('{"type": "column", "align": |}', 'end')).toBe('{"type": "column", "align": "end"}');
  });
});

describe('hover documentation', () => {
  const at = (marked: string) => {
    const state = EditorState.create({ doc: marked.replace('|', ''), extensions: [json()] });
    ensureSyntaxTree(state, state.doc.length, 5000);
    return describeAt(state, marked.indexOf('|'));
  };
  it('describes a field by its node, a widget and an action by their type, and nothing else', () => {
    expect(at('{"type": "textField", "n|ame": "x"}')).toEqual({
      title: 'name: string (required)',
      text: 'Key of the value in the submitted form.',
    });
    expect(at('{"type": "he|ading"}')?.title).toBe('heading');
    expect(at('{"actionType": "open|Page"}')?.text).toBe('Opens another screen of the app by its path.');
    expect(at('{"type": "text", "te|xt": "x", "zzz": 1}')?.title).toBe('text: string (required)');
    expect(at('{"type": "text", "z|zz": 1}')).toBeNull();
    expect(at('{"type": "nope|"}')).toBeNull();
  });
});

describe('findings in the user language', () => {
  const text = '{\n  "type": "screen",\n  "children": [{ "type": "txet" }, { "type": "textField" }]\n}';

  it('words an unknown widget with "did you mean" and marks its value', () => {
    const [unknown] = screenFindings(text, translate(en));
    expect(text.slice(unknown!.from, unknown!.to)).toBe('"txet"');
    expect(unknown!.message).toBe('unknown widget “txet”: the client skips it Did you mean “text”?');
    const [russian] = screenFindings(text, translate(ru));
    expect(russian!.message).toBe('неизвестный виджет «txet»: клиент его пропустит Может быть, «text»?');
  });

  it('marks a missing required field on the object lacking it, as an error', () => {
    const missing = screenFindings(text, translate(en)).find((f) => f.severity === 'error')!;
    expect(text.slice(missing.from, missing.to)).toBe('{ "type": "textField" }');
    expect(missing.message).toMatch(/^error: /);
  });

  it('leaves a broken text to the syntax marks, and refuses a root that is no object', () => {
    expect(screenFindings('{"type": ', translate(en))).toEqual([]);
    expect(screenFindings('[1]', translate(en))).toEqual([
      { from: 0, to: 3, severity: 'error', message: 'a screen is one JSON object with "type": "screen"' },
    ]);
  });
});
