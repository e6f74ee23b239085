import { describe, expect, it } from 'vitest';
import { blockingProblems, nestedBeyond, resolvePointer, validateScreen } from '../src/index.js';

describe('validateScreen: unknown types', () => {
  it('reports a typo with its pointer and the nearest name', () => {
    const screen = {
      type: 'screen',
      children: [
        { type: 'text', text: 'hi' },
        { type: 'colum', children: [] },
      ],
    };
    const result = validateScreen(screen);
    expect(result.unknownWidgets).toEqual(['colum']);
    expect(result.occurrences).toEqual([
      { pointer: '/children/1/type', kind: 'widget', type: 'colum', suggestion: 'column' },
    ]);
    expect(resolvePointer(screen, '/children/1/type')).toBe('colum');
  });

  it('suggests across a case slip in an action name', () => {
    const result = validateScreen({
      type: 'button',
      label: 'Go',
      onTap: { actionType: 'openpage', path: '/next' },
    });
    expect(result.unknownActions).toEqual(['openpage']);
    expect(result.occurrences).toEqual([
      { pointer: '/onTap/actionType', kind: 'action', type: 'openpage', suggestion: 'openPage' },
    ]);
  });

  it('lists each unknown name once but points at every occurrence, in document order', () => {
    const result = validateScreen({
      type: 'screen',
      children: [{ type: 'txt', text: 'a' }, { type: 'colum' }, { type: 'txt', text: 'b' }],
      onLoad: [{ actionType: 'showToats', message: 'x' }],
    });
    expect(result.unknownWidgets).toEqual(['txt', 'colum']);
    expect(result.unknownActions).toEqual(['showToats']);
    expect(result.occurrences.map((o) => o.pointer)).toEqual([
      '/children/0/type',
      '/children/1/type',
      '/children/2/type',
      '/onLoad/0/actionType',
    ]);
  });

  it('offers no suggestion when nothing is close', () => {
    const result = validateScreen({ type: 'carousel3d' });
    expect(result.occurrences).toEqual([{ pointer: '/type', kind: 'widget', type: 'carousel3d' }]);
  });

  it('never walks into data fields', () => {
    const result = validateScreen({
      type: 'button',
      label: 'Buy',
      onTap: {
        actionType: 'networkRequest',
        url: '/buy',
        method: 'POST',
        body: { type: 'premium', children: [{ type: 'nonsense' }] },
        onSuccess: { actionType: 'openPage', path: '/done', params: { actionType: 'alsoData' } },
      },
    });
    expect(result.unknownWidgets).toEqual([]);
    expect(result.unknownActions).toEqual([]);
    expect(result.problems).toEqual([]);
  });

  it('searches an unknown node through registry slot names, so one typo does not hide another', () => {
    const result = validateScreen({
      type: 'scren',
      children: [{ type: 'buton', label: 'x', onTap: { actionType: 'opnPage', path: '/' } }],
      tabs: [{ title: 'a', child: { type: 'headng', text: 'h' } }],
      notASlot: { type: 'hidden' },
    });
    expect(result.occurrences.map((o) => [o.pointer, o.type, o.suggestion])).toEqual([
      ['/type', 'scren', 'screen'],
      ['/children/0/type', 'buton', 'button'],
      ['/children/0/onTap/actionType', 'opnPage', 'openPage'],
      ['/tabs/0/child/type', 'headng', 'heading'],
    ]);
  });

  it('does not enter fields a known widget does not register', () => {
    const result = validateScreen({ type: 'text', text: 'x', children: [{ type: 'nope' }] });
    expect(result.unknownWidgets).toEqual([]);
    expect(result.problems).toEqual([
      expect.objectContaining({ pointer: '/children', code: 'unknown_field', severity: 'warning' }),
    ]);
  });

  it('reports an object with no discriminator as type null, with a hint for an action where a widget belongs', () => {
    const result = validateScreen({
      type: 'column',
      children: [{ actionType: 'openPage', path: '/a' }, { text: 'no type' }],
    });
    expect(result.occurrences).toEqual([
      expect.objectContaining({
        pointer: '/children/0',
        kind: 'widget',
        type: null,
        hint: expect.stringContaining('onTap'),
      }),
      expect.objectContaining({ pointer: '/children/1', kind: 'widget', type: null }),
    ]);
    expect(result.unknownWidgets).toEqual([]);
  });

  it('hints when a widget sits in an action slot', () => {
    const result = validateScreen({ type: 'card', onTap: { type: 'text', text: 'x' } });
    expect(result.occurrences).toEqual([
      expect.objectContaining({
        pointer: '/onTap',
        kind: 'action',
        type: null,
        hint: expect.stringContaining('widget'),
      }),
    ]);
  });

  it('hints when an action name is used as a widget type', () => {
    const result = validateScreen({ type: 'column', children: [{ type: 'openPage', path: '/x' }] });
    expect(result.occurrences[0]).toMatchObject({
      type: 'openPage',
      hint: expect.stringContaining('actionType'),
    });
  });

  it('escapes pointer tokens as RFC 6901 says', () => {
    const screen = { type: 'text', text: 'x', 'a/b~c': 1 };
    const result = validateScreen(screen);
    expect(result.problems[0]?.pointer).toBe('/a~1b~0c');
    expect(resolvePointer(screen, '/a~1b~0c')).toBe(1);
  });

  it('prefixes pointers for a screen inside a larger document', () => {
    const result = validateScreen({ type: 'colum' }, { pointerPrefix: '/screens/2/json' });
    expect(result.occurrences[0]?.pointer).toBe('/screens/2/json/type');
  });
});

describe('validateScreen: fields', () => {
  it('accepts an https or inline raster image and refuses other schemes as errors', () => {
    const images = [
      'https://cdn.example.org/a.png',
      'http://cdn.example.org/a.png',
      'javascript:alert(1)',
      '/a.png',
      'https://',
      'HTTPS://CDN.example.org/upper.png',
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/svg+xml,<svg onload="alert(1)"/>',
      'data:text/html,<script>alert(1)</script>',
    ];
    const result = validateScreen({
      type: 'column',
      children: images.map((src) => ({ type: 'image', src })),
    });
    expect(result.problems.map((p) => [p.pointer, p.code, p.severity])).toEqual([
      ['/children/1/src', 'url_scheme', 'error'],
      ['/children/2/src', 'url_scheme', 'error'],
      ['/children/3/src', 'url_scheme', 'error'],
      ['/children/4/src', 'url_scheme', 'error'],
      ['/children/7/src', 'url_scheme', 'error'],
      ['/children/8/src', 'url_scheme', 'error'],
    ]);
    expect(blockingProblems(result)).toHaveLength(6);
  });

  it('warns about wrong values; a missing required field and a path that escapes the app block', () => {
    const result = validateScreen({
      type: 'column',
      spacing: 'wide',
      children: [
        { type: 'heading', level: 4 },
        {
          type: 'button',
          label: 'x',
          onTap: { actionType: 'networkRequest', url: 'https://elsewhere.example' },
        },
        { type: 'button', label: 'y', onTap: { actionType: 'openPage', path: '/a/../../admin' } },
      ],
    });
    expect(result.problems.map((p) => [p.pointer, p.code])).toEqual([
      ['/spacing', 'bad_value'],
      ['/children/0/level', 'bad_value'],
      ['/children/0', 'missing_field'],
      ['/children/1/onTap/url', 'bad_relative_url'],
      ['/children/2/onTap/path', 'unsafe_path'],
    ]);
    expect(blockingProblems(result).map((p) => p.pointer)).toEqual(['/children/0', '/children/2/onTap/path']);
  });

  it('says when a slot holds the wrong shape', () => {
    const result = validateScreen({ type: 'column', children: ['hello', { type: 'divider' }] });
    expect(result.problems).toEqual([
      expect.objectContaining({
        pointer: '/children/0',
        code: 'not_a_node',
        message: expect.stringContaining('a string'),
      }),
    ]);
  });
});

describe('validateScreen: caps', () => {
  function nested(depth: number): unknown {
    let node: unknown = { type: 'text', text: 'leaf' };
    for (let i = 1; i < depth; i++) node = { type: 'column', children: [node] };
    return node;
  }

  it('walks a tree exactly at the depth cap and reports one level past it', () => {
    expect(validateScreen(nested(10), { maxDepth: 10 }).complete).toBe(true);
    const over = validateScreen(nested(11), { maxDepth: 10 });
    expect(over.complete).toBe(false);
    expect(over.problems).toEqual([
      expect.objectContaining({
        code: 'depth_limit',
        severity: 'error',
        pointer: `${'/children/0'.repeat(10)}`,
      }),
    ]);
  });

  it('survives a hostile nesting far past the cap with one problem', () => {
    const result = validateScreen(nested(100_000));
    expect(result.problems.map((p) => p.code)).toEqual(['depth_limit']);
  });

  it('measures JSON nesting everywhere, data fields too: exactly at the cap passes, one level past it is refused where it stopped', () => {
    const deepData = (levels: number): unknown => {
      let value: unknown = 1;
      for (let i = 0; i < levels; i++) value = { a: [value] };
      return value;
    };
    // root object (1), onTap (2), then the body's levels.
    const screen = (levels: number) => ({
      type: 'button',
      text: 'Go',
      onTap: { actionType: 'networkRequest', url: '/x', body: deepData(levels) },
    });
    expect(validateScreen(screen(5), { maxNesting: 12 }).complete).toBe(true);
    const over = validateScreen(screen(6), { maxNesting: 12, pointerPrefix: '/screens/0/json' });
    expect(over.complete).toBe(false);
    expect(over.problems).toEqual([
      expect.objectContaining({
        code: 'depth_limit',
        severity: 'error',
        pointer: `/screens/0/json/onTap/body${'/a/0'.repeat(5)}`,
      }),
    ]);
    const hostile = validateScreen(screen(50_000));
    expect(hostile.problems.map((p) => p.code)).toEqual(['depth_limit']);
    expect(() => JSON.stringify(screen(50_000))).toThrow(RangeError);
  });

  it('names the first place too deep in document order', () => {
    expect(nestedBeyond({ a: [[]], b: [[[]]], c: [[[]]] }, 3)).toEqual(['b', 0, 0]);
    expect(nestedBeyond([1, 'x', null], 1)).toBeUndefined();
    expect(nestedBeyond('text', 0)).toBeUndefined();
  });

  it('walks exactly the node cap and stops one past it, saying where', () => {
    const children = (n: number) => Array.from({ length: n }, () => ({ type: 'divider' }));
    expect(validateScreen({ type: 'column', children: children(9) }, { maxNodes: 10 }).complete).toBe(true);
    const over = validateScreen({ type: 'column', children: children(10) }, { maxNodes: 10 });
    expect(over.complete).toBe(false);
    expect(over.problems).toEqual([
      expect.objectContaining({ code: 'node_limit', severity: 'error', pointer: '/children/9' }),
    ]);
  });
});

describe('validateScreen: what the platform knows', () => {
  const problems = (result: ReturnType<typeof validateScreen>) =>
    result.problems.map((p) => [p.pointer, p.code, p.severity, ...(p.suggestion ? [p.suggestion] : [])]);

  it('refuses a GET of a dataset the app does not have, with the nearest name; other addresses are not its business', () => {
    const request = (url: string, method?: string) => ({
      type: 'button',
      label: url,
      onTap: { actionType: 'networkRequest', url, ...(method && { method }) },
    });
    const screen = {
      type: 'column',
      children: [
        request('/data/bookz'),
        request('/data/books?page=2'),
        request('/data/Books', 'GET'),
        request('/data/${params.which}'),
        request('/data/bookz', 'POST'),
        request('/api/books'),
      ],
    };
    expect(problems(validateScreen(screen, { datasets: ['books', 'authors'] }))).toEqual([
      ['/children/0/onTap/url', 'unknown_dataset', 'error', '/data/books'],
      ['/children/2/onTap/url', 'unknown_dataset', 'error', '/data/books'],
    ]);
    expect(validateScreen(screen, { datasets: [] }).problems[0]?.message).toMatch(/the app has no datasets/);
    // Without datasets (a remote origin's screens) the validator does not know them.
    expect(validateScreen(screen).problems).toEqual([]);
  });

  it('refuses item and index outside a list template, result outside onSuccess, error outside onError, form outside onSubmit', () => {
    const result = validateScreen({
      type: 'screen',
      state: { rows: [], note: '${item.kept}' },
      children: [
        { type: 'text', text: 'Row ${index}: ${item.title}' },
        {
          type: 'list',
          itemsFrom: '${state.rows}',
          itemTemplate: {
            type: 'listItem',
            title: '${item.title}',
            onTap: {
              actionType: 'networkRequest',
              url: '/rows/${item.id}',
              onSuccess: { actionType: 'showToast', message: '${result.name} (${index})' },
              onError: { actionType: 'showToast', message: '${error.message} ${result.name}' },
            },
          },
        },
        {
          type: 'form',
          id: 'f',
          children: [{ type: 'textField', name: 'q' }],
          onSubmit: { actionType: 'networkRequest', url: '/search', body: { q: '${form.q}' } },
        },
        {
          type: 'button',
          label: '${form.q}',
          onTap: { actionType: 'setState', values: { 'state.x': '${result}' } },
        },
        { type: 'text', text: 'x', visibleIf: '${state.rows[item.key]}' },
      ],
    });
    expect(problems(result)).toEqual([
      ['/children/0/text', 'out_of_scope', 'error'],
      ['/children/0/text', 'out_of_scope', 'error'],
      ['/children/1/itemTemplate/onTap/onError/message', 'out_of_scope', 'error'],
      ['/children/3/label', 'out_of_scope', 'error'],
      ['/children/3/onTap/values/state.x', 'out_of_scope', 'error'],
      ['/children/4/visibleIf', 'out_of_scope', 'error'],
    ]);
    expect(result.problems[0]?.message).toBe(
      '${index…} is bound only inside list.itemTemplate; here it is always empty',
    );
  });

  it('warns about a state read nothing on the page declares or sets, with the nearest name', () => {
    const result = validateScreen({
      type: 'screen',
      state: { books: [] },
      onLoad: { actionType: 'networkRequest', url: '/data/books', resultTo: 'state.loaded.all' },
      children: [
        { type: 'text', text: '${state.bookz.length} ${state.books.length} ${state.loaded.all[0]}' },
        { type: 'textField', name: 'q', bind: 'state.query' },
        { type: 'text', text: '${state.query} ${state.picked} ${state.byDay[state.qurey]}' },
        { type: 'button', label: 'x', onTap: { actionType: 'setState', values: { 'state.picked': 1 } } },
      ],
    });
    expect(problems(result)).toEqual([
      ['/children/0/text', 'unset_state', 'warning', 'state.books'],
      ['/children/2/text', 'unset_state', 'warning'],
      ['/children/2/text', 'unset_state', 'warning', 'state.query'],
    ]);
    expect(result.problems[0]?.message).toMatch(/^state\.bookz is read, but/);
    expect(blockingProblems(result)).toEqual([]);
  });

  it("refuses a storage key the storage route refuses, checking a bound key's literal parts", () => {
    const set = (key: string) => ({ actionType: 'storageSet', key, value: 1 });
    const result = validateScreen({
      type: 'button',
      label: 'x',
      onTap: [
        set('bad key!'),
        set('fav.events_2-b'),
        set('fav-${params.id}'),
        set('fav ${params.id}'),
        set('k'.repeat(65)),
        { actionType: 'storageRemove', key: 'ключ' },
        set('..'),
      ],
    });
    expect(problems(result)).toEqual([
      ['/onTap/0/key', 'bad_storage_key', 'error'],
      ['/onTap/3/key', 'bad_storage_key', 'error'],
      ['/onTap/4/key', 'bad_storage_key', 'error'],
      ['/onTap/5/key', 'bad_storage_key', 'error'],
      ['/onTap/6/key', 'unsafe_path', 'error'],
    ]);
  });

  it('refuses a missing required field at the node, in object lists too', () => {
    const result = validateScreen({
      type: 'form',
      id: 'f',
      children: [
        { type: 'textField', label: 'Name' },
        { type: 'tabs', tabs: [{ title: 'A' }] },
      ],
    });
    expect(problems(result)).toEqual([
      ['/children/0', 'missing_field', 'error'],
      ['/children/1/tabs/0', 'missing_field', 'error'],
    ]);
    expect(result.problems[0]?.message).toBe('"name" is required');
  });

  it('warns of a required action slot left an empty list (drawn as nothing), not of an empty list of widgets', () => {
    const result = validateScreen({
      type: 'screen',
      children: [
        { type: 'button', label: 'Go', onTap: [] },
        { type: 'button', label: 'Go', onTap: [{ actionType: 'back' }] },
        { type: 'column', children: [] },
      ],
    });
    expect(problems(result)).toEqual([['/children/0/onTap', 'bad_value', 'warning']]);
    expect([...result.unknownWidgets, ...result.unknownActions]).toEqual([]);
    expect(result.problems[0]?.message).toMatch(/^"onTap" is an empty list/);
  });
});

describe('validateScreen: date, time and datetime fields', () => {
  const field = (inputType: string, extra: Record<string, unknown>) => ({
    type: 'textField',
    name: 'when',
    inputType,
    ...extra,
  });
  const problems = (result: ReturnType<typeof validateScreen>) =>
    result.problems.map((p) => [p.pointer, p.code, p.severity, p.message]);

  it('accepts min, max and value of each input form, and bound ones as they are', () => {
    const result = validateScreen({
      type: 'screen',
      state: { today: '2026-09-01', deadline: '2026-12-31T18:00' },
      children: [
        field('date', { min: '2024-02-29', max: '2026-12-31', value: '2026-09-01' }),
        field('time', { min: '08:00', max: '20:30' }),
        field('datetime', { min: '2026-09-01T08:00', max: '${state.deadline}' }),
        field('date', { min: '${state.today}', max: '2026-12-31' }),
      ],
    });
    expect(problems(result)).toEqual([]);
  });

  it('warns of a literal not of the input form, with its pointer and the form to write', () => {
    const result = validateScreen({
      type: 'column',
      children: [
        field('date', { min: '01.09.2026', max: '2026-02-30' }),
        field('time', { max: '24:00', value: '8:30' }),
        field('datetime', { min: '2026-09-01 08:00' }),
      ],
    });
    expect(problems(result)).toEqual([
      [
        '/children/0/min',
        'bad_value',
        'warning',
        '"min" must be a date written YYYY-MM-DD, not "01.09.2026"',
      ],
      [
        '/children/0/max',
        'bad_value',
        'warning',
        '"max" must be a date written YYYY-MM-DD, not "2026-02-30"',
      ],
      ['/children/1/value', 'bad_value', 'warning', '"value" must be a time written HH:MM, not "8:30"'],
      ['/children/1/max', 'bad_value', 'warning', '"max" must be a time written HH:MM, not "24:00"'],
      [
        '/children/2/min',
        'bad_value',
        'warning',
        '"min" must be a datetime written YYYY-MM-DDTHH:MM, not "2026-09-01 08:00"',
      ],
    ]);
  });

  it('refuses min after max, since no value could be entered', () => {
    const result = validateScreen({
      type: 'column',
      children: [
        field('date', { min: '2026-12-31', max: '2026-09-01' }),
        field('time', { min: '18:00', max: '09:00' }),
        field('datetime', { min: '2026-09-01T08:00', max: '2026-09-01T08:00' }),
      ],
    });
    expect(problems(result)).toEqual([
      [
        '/children/0/min',
        'empty_range',
        'error',
        '"min" 2026-12-31 is after "max" 2026-09-01: no value can be entered',
      ],
      [
        '/children/1/min',
        'empty_range',
        'error',
        '"min" 18:00 is after "max" 09:00: no value can be entered',
      ],
    ]);
    expect(blockingProblems(result)).toHaveLength(2);
  });

  it('warns of min or max on an input that is not a date or time', () => {
    const result = validateScreen(field('text', { min: '2026-01-01', max: 'z' }));
    expect(problems(result).map(([pointer, code]) => [pointer, code])).toEqual([
      ['/min', 'bad_value'],
      ['/max', 'bad_value'],
    ]);
  });

  it('checks addToCalendar times: well formed, and a literal end after the start', () => {
    const add = (start: string, end?: string) => ({ actionType: 'addToCalendar', title: 'Exam', start, end });
    const result = validateScreen({
      type: 'button',
      label: 'Add',
      onTap: [
        add('2026-12-15T10:00', '2026-12-15T12:00'),
        add('2026-12-15T10:00:30+03:00', '2026-12-15T08:00Z'),
        add('2026-12-15 10:00'),
        add('2026-12-15T10:00', '2026-12-15T09:59'),
        add('2026-12-15T10:00Z', '2026-12-15T13:00+03:00'),
      ],
    });
    expect(problems(result).map(([pointer, code]) => [pointer, code])).toEqual([
      ['/onTap/2/start', 'bad_value'],
      ['/onTap/3/end', 'empty_range'],
      ['/onTap/4/end', 'empty_range'],
    ]);
  });
});

describe('qrCode and scanCode', () => {
  const problems = (screen: unknown) =>
    validateScreen(screen).problems.map((p) => [p.pointer, p.code, p.severity]);
  const code = (extra: object) => ({ type: 'qrCode', value: 'PASS-1', ...extra });

  it('checks a qrCode value at 1000 characters and one past, and its size at 96 and 480 and one past each', () => {
    expect(problems(code({ value: 'x'.repeat(1000), size: 96 }))).toEqual([]);
    expect(problems(code({ size: 480, caption: 'Pass', keepAwake: false }))).toEqual([]);
    expect(problems(code({ value: 'x'.repeat(1001) }))).toEqual([['/value', 'bad_value', 'warning']]);
    expect(problems(code({ size: 95 }))).toEqual([['/size', 'bad_value', 'warning']]);
    expect(problems(code({ size: 481 }))).toEqual([['/size', 'bad_value', 'warning']]);
    expect(problems({ type: 'qrCode' })).toEqual([['', 'missing_field', 'error']]);
  });

  it('checks scanCode: a known format, and ${result} only inside onResult', () => {
    const scan = (extra: object) => ({
      type: 'button',
      label: 'Scan',
      onTap: { actionType: 'scanCode', ...extra },
    });
    expect(
      problems(
        scan({
          format: 'ean13',
          resultTo: 'state.code',
          onResult: { actionType: 'showToast', message: '${result.text}' },
          onError: { actionType: 'showToast', message: '${error.message}' },
        }),
      ),
    ).toEqual([]);
    expect(problems(scan({ format: 'ean8' }))).toEqual([['/onTap/format', 'bad_value', 'warning']]);
    expect(
      problems(scan({ onError: { actionType: 'showToast', message: '${result.text}' } })).map(
        ([pointer]) => pointer,
      ),
    ).toEqual(['/onTap/onError/message']);
  });
});

describe('validateScreen: device actions and host capabilities', () => {
  const button = (onTap: unknown) => ({ type: 'button', label: 'Go', onTap });
  const problemsOf = (screen: unknown) =>
    validateScreen(screen).problems.map(({ pointer, code, severity }) => ({ pointer, code, severity }));

  it('reads host.capabilities.<a known name> in bindings and visibleIf', () => {
    const result = validateScreen({
      type: 'column',
      children: [
        {
          type: 'text',
          text: 'Scan: ${host.capabilities.scanCode}',
          visibleIf: '${host.capabilities.location}',
        },
        { type: 'text', text: 'Map', visibleIf: '${host.capabilities.map}' },
      ],
    });
    expect(result.problems).toEqual([]);
    expect(result.bindingErrors).toEqual([]);
  });

  it('refuses any other host path, suggesting the nearest capability', () => {
    const result = validateScreen({
      type: 'column',
      children: [
        { type: 'text', text: 'x', visibleIf: '${host.capabilities.scancode}' },
        { type: 'text', text: '${host.platform}' },
        { type: 'text', text: '${host.capabilities.map.x}' },
      ],
    });
    expect(
      result.problems.map(({ pointer, code, severity, suggestion }) => ({
        pointer,
        code,
        severity,
        suggestion,
      })),
    ).toEqual([
      {
        pointer: '/children/0/visibleIf',
        code: 'unknown_capability',
        severity: 'error',
        suggestion: 'scanCode',
      },
      { pointer: '/children/1/text', code: 'unknown_capability', severity: 'error', suggestion: undefined },
      { pointer: '/children/2/text', code: 'unknown_capability', severity: 'error', suggestion: 'map' },
    ]);
  });

  it('keeps openMap inside the globe: latitude -90..90, longitude -180..180, each edge in and one past out', () => {
    const map = (latitude: unknown, longitude: unknown) =>
      button({ actionType: 'openMap', latitude, longitude, label: 'Main building' });
    for (const [lat, lon] of [
      [90, 180],
      [-90, -180],
      [0, 0],
    ])
      expect(problemsOf(map(lat, lon)), `${lat},${lon}`).toEqual([]);
    expect(problemsOf(map(90.000001, 0))).toEqual([
      { pointer: '/onTap/latitude', code: 'bad_value', severity: 'warning' },
    ]);
    expect(problemsOf(map(-90.000001, 0))).toEqual([
      { pointer: '/onTap/latitude', code: 'bad_value', severity: 'warning' },
    ]);
    expect(problemsOf(map(0, 180.000001))).toEqual([
      { pointer: '/onTap/longitude', code: 'bad_value', severity: 'warning' },
    ]);
    expect(problemsOf(map(0, -180.000001))).toEqual([
      { pointer: '/onTap/longitude', code: 'bad_value', severity: 'warning' },
    ]);
    expect(problemsOf(map('55.7', 0))).toEqual([
      { pointer: '/onTap/latitude', code: 'bad_value', severity: 'warning' },
    ]);
    expect(problemsOf(button({ actionType: 'openMap', latitude: 1 }))).toEqual([
      { pointer: '/onTap', code: 'missing_field', severity: 'error' },
    ]);
  });

  it('checks openDocument as an app path and getLocation as a state target', () => {
    expect(
      problemsOf(button({ actionType: 'openDocument', url: '/docs/cert.pdf', filename: 'cert.pdf' })),
    ).toEqual([]);
    expect(
      problemsOf(button({ actionType: 'openDocument', url: '/docs/%2e%2e/admin', filename: 'a.pdf' })),
    ).toEqual([{ pointer: '/onTap/url', code: 'unsafe_path', severity: 'error' }]);
    const located = validateScreen({
      type: 'column',
      children: [
        button({
          actionType: 'getLocation',
          resultTo: 'state.here',
          onError: { actionType: 'showToast', message: '${error.code}' },
        }),
        { type: 'text', text: '${state.here.latitude}' },
      ],
    });
    expect(located.problems).toEqual([]);
    expect(
      validateScreen(button({ actionType: 'getLocation', resultTo: 'here' })).bindingErrors,
    ).toMatchObject([{ pointer: '/onTap/resultTo', code: 'outside_state' }]);
  });
});
