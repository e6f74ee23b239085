import { describe, expect, it } from 'vitest';
import {
  type BindingPath,
  concretePath,
  fillTemplate,
  isBindingFault,
  lookupPath,
  parsePath,
  parseSingleBinding,
  parseStatePath,
  parseTemplate,
  type Template,
  validateScreen,
} from '../src/index.js';

const scope = {
  state: { user: { name: 'Ada' }, rows: [{ title: 'A' }, { title: 'B' }], n: 3, on: false, none: null },
  item: { id: 7 },
  index: 1,
};
function fill(text: string): unknown {
  const template = parseTemplate(text) as Template;
  return fillTemplate(template, (path) => lookupPath(scope, path));
}

describe('binding paths', () => {
  it('parses dotted names and [n] indices from a known root', () => {
    expect(parsePath('state.rows[1].title')).toEqual(['state', 'rows', 1, 'title']);
    expect(parsePath('item')).toEqual(['item']);
    expect(parsePath('t.welcome')).toEqual(['t', 'welcome']);
    expect(parsePath('storage.fav-ids')).toEqual(['storage', 'fav-ids']);
  });

  it('takes a key from another path in brackets, one level deep', () => {
    expect(parsePath('state.byDay[state.day].title')).toEqual(['state', 'byDay', ['state', 'day'], 'title']);
    expect(parsePath('storage[item.key]')).toEqual(['storage', ['item', 'key']]);
    expect(parsePath('state.a[state.b[state.c]]')).toMatchObject({ code: 'malformed' });
    expect(parsePath('state.a[window.b]')).toMatchObject({ code: 'unknown_root' });
    expect(parseStatePath('state.a[state.b]')).toBeUndefined();
    const read = (path: BindingPath) => lookupPath(scope, path);
    expect(concretePath(['state', 'rows', ['index'], 'title'], read)).toEqual(['state', 'rows', 1, 'title']);
    expect(concretePath(['state', 'rows', ['state', 'user']], read)).toBeUndefined();
  });

  it('refuses expressions, calls and unknown roots', () => {
    for (const bad of ['state.a + 1', 'state.a()', 'state..a', 'state.', 'state[]', '', 'state.a[1', '[0]']) {
      expect(parsePath(bad), bad).toMatchObject({ code: 'malformed' });
    }
    expect(parsePath('window.location')).toMatchObject({ code: 'unknown_root' });
  });

  it('finds the whole binding, text parts and malformed ${', () => {
    expect(parseTemplate('${state.rows}')).toEqual({ parts: [['state', 'rows']], whole: ['state', 'rows'] });
    expect((parseTemplate('Hi ${state.n}!') as Template).whole).toBeUndefined();
    expect(parseTemplate('Hi ${state.n')).toMatchObject({ code: 'malformed' });
    expect(parseTemplate('${state.${a}}')).toMatchObject({ code: 'malformed' });
    expect(isBindingFault(parseSingleBinding('x ${state.rows}'))).toBe(true);
    expect(parseStatePath('state.a.b')).toEqual(['state', 'a', 'b']);
    expect(parseStatePath('params.a')).toBeUndefined();
    expect(parseStatePath('state')).toBeUndefined();
  });
});

describe('filling bindings', () => {
  it('keeps the type of a whole binding', () => {
    expect(fill('${state.rows}')).toEqual(scope.state.rows);
    expect(fill('${state.n}')).toBe(3);
    expect(fill('${state.on}')).toBe(false);
    expect(fill('${index}')).toBe(1);
  });

  it('writes values into text, a missing or null value as nothing', () => {
    expect(fill('${state.user.name} has ${state.rows.length} rows')).toBe('Ada has 2 rows');
    expect(fill('[${state.missing.deep}][${state.none}][${state.rows[5].title}]')).toBe('[][][]');
    expect(fill('#${item.id}: ${state.rows[1].title}')).toBe('#7: B');
    expect(fill('${state.user}')).toEqual({ name: 'Ada' });
    expect(fill('user ${state.user}')).toBe('user {"name":"Ada"}');
  });

  it('never reads inherited properties', () => {
    expect(fill('${state.constructor}')).toBeUndefined();
    expect(fill('x${state.user.__proto__}')).toBe('x');
  });
});

describe('bindingErrors of the validator', () => {
  it('reports nothing for a screen with good bindings, and nothing for a screen without any', () => {
    const good = {
      type: 'screen',
      state: { events: [], showPhoto: false },
      children: [
        {
          type: 'list',
          itemsFrom: '${state.events}',
          itemTemplate: {
            type: 'column',
            children: [
              { type: 'text', text: '${index}. ${item.title}' },
              { type: 'image', src: '${item.photo}', visibleIf: '${state.showPhoto}' },
              {
                type: 'button',
                label: 'Fav',
                onTap: { actionType: 'storageSet', key: 'fav-${item.id}', value: ['${item.id}'] },
              },
            ],
          },
        },
        { type: 'select', name: 'cat', bind: 'state.cat', options: [{ label: '${t.all}', value: '' }] },
        {
          type: 'button',
          label: 'Go',
          onTap: { actionType: 'networkRequest', url: '/api/data/events', resultTo: 'state.events' },
        },
      ],
    };
    const result = validateScreen(good);
    expect(result.bindingErrors).toEqual([]);
    expect(result.problems).toEqual([]);
    expect(validateScreen({ type: 'text', text: 'Cost: $5 {net}' }).bindingErrors).toEqual([]);
  });

  it('names each bad binding by its pointer', () => {
    const result = validateScreen({
      type: 'column',
      children: [
        { type: 'text', text: 'x', visibleIf: 'state.flag' },
        { type: 'list', itemsFrom: '${state.items', itemTemplate: { type: 'text', text: 'y' } },
        {
          type: 'button',
          label: '${state.a b}',
          onTap: { actionType: 'setState', values: { 'state.x': '${nope.y}' } },
        },
      ],
    });
    expect(result.bindingErrors.map((e) => [e.pointer, e.code])).toEqual([
      ['/children/0/visibleIf', 'not_single_binding'],
      // Broken syntax is malformed wherever it is, a single-binding field included.
      ['/children/1/itemsFrom', 'malformed'],
      ['/children/2/label', 'malformed'],
      ['/children/2/onTap/values/state.x', 'unknown_root'],
    ]);
  });
});
