// `miniapps validate` offline: the same checks as a deploy, per file, with the exit code scripts rely on.
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli-process.js';
import { screensFolder, textScreen } from './helpers/screens-folder.js';

describe('miniapps validate', () => {
  it('passes a clean folder and lists its screens with --json', async () => {
    const dir = screensFolder({ 'index.json': textScreen('home'), 'help/index.json': textScreen('help') });
    const res = await runCli(['validate', '.', '--json'], { cwd: dir });
    expect(res.code).toBe(0);
    expect(res.json()).toEqual({
      ok: true,
      screens: [
        { path: '/', file: 'index.json' },
        { path: '/help', file: 'help/index.json' },
      ],
      findings: [],
    });
  });

  it('fails on unknown types, naming file, pointer and the nearest known name', async () => {
    const dir = screensFolder({
      'index.json': {
        type: 'screen',
        children: [
          { type: 'Text', text: 'case' },
          { type: 'button', label: 'x', onTap: { actionType: 'showToats', message: 'hi' } },
          { type: 'card', children: [{ actionType: 'openPage', path: '/x' }] },
        ],
      },
    });
    const res = await runCli(['validate', dir], { cwd: dir });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('1 screen(s) in .: 0 error(s), 3 unknown type(s)');
    expect(res.stderr).toMatch(
      /unknown\s+\/children\/0\/type\s+unknown widget "Text"; did you mean "text"\?/,
    );
    expect(res.stderr).toMatch(
      /unknown\s+\/children\/1\/onTap\/actionType\s+unknown action "showToats"; did you mean "showToast"\?/,
    );
    expect(res.stderr).toMatch(
      /\/children\/2\/children\/0\s+an object without a "type" where a widget belongs/,
    );
  });

  it('prints bad bindings as warnings with their pointers, and still passes', async () => {
    const dir = screensFolder({
      'index.json': {
        type: 'screen',
        children: [
          { type: 'text', text: 'Hi ${user.name}' },
          { type: 'list', itemsFrom: 'state.events', itemTemplate: { type: 'text', text: '${item.title}' } },
        ],
      },
    });
    const res = await runCli(['validate', dir], { cwd: dir });
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/warning\s+\/children\/0\/text\s+binding: "user.name" starts with "user"/);
    expect(res.stdout).toMatch(/warning\s+\/children\/1\/itemsFrom\s+binding: must be one binding alone/);
  });

  it('reports structural faults: bad JSON with its line, a root without a type, two files for one path', async () => {
    const dir = screensFolder({
      'index.json': '{"type": "screen", "children": [}',
      'about.json': { children: [] },
      'a.json': textScreen('a'),
      'a/index.json': textScreen('a again'),
    });
    const res = await runCli(['validate', dir, '--json'], { cwd: dir });
    expect(res.code).toBe(1);
    const body = res.json() as unknown as { ok: false; error: string; details: { findings: unknown[] } };
    expect(body).toMatchObject({ ok: false, error: 'invalid_screens' });
    expect(body.details.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'index.json',
          code: 'bad_json',
          message: expect.stringMatching(/line 1, column 33/),
        }),
        expect.objectContaining({ file: 'about.json', pointer: '/type', code: 'bad_root' }),
        expect.objectContaining({
          file: 'a/index.json',
          code: 'duplicate_path',
          message: 'deploys to /a, as a.json does',
        }),
      ]),
    );
  });

  it('shows warnings without failing', async () => {
    const dir = screensFolder({
      'index.json': { type: 'screen', children: [{ type: 'text', text: 'x', maxLines: 0 }] },
    });
    const res = await runCli(['validate', dir], { cwd: dir });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('0 error(s), 0 unknown type(s), 1 warning(s)');
    expect(res.stdout).toMatch(/warning\s+\/children\/0\/maxLines/);
  });

  it('fails on what would fail at run time: a dataset the project lacks, item outside a template, a bad storage key, a missing required field', async () => {
    const dir = screensFolder({
      'data/books.json': [{ title: 'Dune' }],
      'index.json': {
        type: 'screen',
        state: { books: [] },
        onLoad: { actionType: 'networkRequest', url: '/data/bookz', resultTo: 'state.books' },
        children: [
          { type: 'text', text: '${item.title}' },
          { type: 'button', label: 'Keep', onTap: { actionType: 'storageSet', key: 'bad key!', value: 1 } },
          { type: 'form', id: 'f', children: [{ type: 'textField', label: 'Name' }] },
          { type: 'text', text: '${state.bokos.length} books' },
        ],
      },
    });
    const res = await runCli(['validate', dir, '--json'], { cwd: dir });
    expect(res.code).toBe(1);
    const body = res.json() as unknown as { details: { findings: Record<string, string>[] } };
    const findings = body.details.findings;
    expect(findings.map((f) => [f.pointer, f.code, f.severity])).toEqual([
      ['/onLoad/url', 'unknown_dataset', 'error'],
      ['/children/0/text', 'out_of_scope', 'error'],
      ['/children/1/onTap/key', 'bad_storage_key', 'error'],
      ['/children/2/children/0', 'missing_field', 'error'],
      ['/children/3/text', 'unset_state', 'warning'],
    ]);
    const human = await runCli(['validate', dir], { cwd: dir });
    expect(human.stderr).toContain('4 error(s), 0 unknown type(s), 1 warning(s)');
    expect(human.stderr).toMatch(
      /error\s+\/onLoad\/url\s+reads the dataset "bookz".*did you mean "\/data\/books"/,
    );
    expect(human.stderr).toMatch(
      /error\s+\/children\/0\/text\s+\$\{item…\} is bound only inside list\.itemTemplate/,
    );
    expect(human.stderr).toMatch(/error\s+\/children\/1\/onTap\/key\s+"key" is not a storage key/);
    expect(human.stderr).toMatch(/error\s+\/children\/2\/children\/0\s+"name" is required/);
    expect(human.stderr).toMatch(
      /warning\s+\/children\/3\/text\s+state\.bokos is read.*did you mean "state\.books"/,
    );
  });

  it('refuses an empty folder, and an image that is not https (a blocking problem)', async () => {
    const empty = await runCli(['validate', screensFolder({ 'notes.txt': 'not a screen' })]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('holds no screen files');
    const image = screensFolder({
      'index.json': { type: 'screen', children: [{ type: 'image', src: 'http://example.org/a.png' }] },
    });
    const res = await runCli(['validate', image], { cwd: image });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/error\s+\/children\/0\/src/);
  });

  it('refuses a path that leaves the app (the security review’s %2e%2e), naming file and pointer', async () => {
    const up = '/%2e%2e'.repeat(8);
    const dir = screensFolder({
      'index.json': {
        type: 'screen',
        onLoad: {
          actionType: 'networkRequest',
          method: 'POST',
          url: `${up}/api/v1/tokens`,
          body: { name: 'x' },
        },
        children: [{ type: 'button', label: 'Go', onTap: { actionType: 'storageSet', key: '..', value: 1 } }],
      },
    });
    const res = await runCli(['validate', dir], { cwd: dir });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('2 error(s)');
    expect(res.stderr).toMatch(/error\s+\/onLoad\/url\s+"url" leaves the app/);
    expect(res.stderr).toMatch(/error\s+\/children\/0\/onTap\/key\s+"key" leaves the app/);
  });

  it('ignores package.json and the manifest, reads the screens folder the manifest names, refuses manifest typos', async () => {
    const dir = screensFolder({
      'package.json': { name: 'x' },
      'miniapp.json': { organizationId: 'o', slug: 's', screens: 'pages' },
      'pages/index.json': textScreen('home'),
    });
    const res = await runCli(['validate', dir, '--json'], { cwd: dir });
    expect(res.json()).toMatchObject({ ok: true, screens: [{ path: '/', file: 'pages/index.json' }] });
    const typo = screensFolder({ 'miniapp.json': { org: 'o', slug: 's' }, 'index.json': textScreen('x') });
    const bad = await runCli(['validate', typo]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('unknown field "org" (known: organizationId, slug, screens)');
  });
  it('refuses screens nested 10,000 deep (widgets, or JSON in a data field) with the place, never a crash', async () => {
    const deep = (open: string, inner: string, close: string) =>
      `${open.repeat(10_000)}${inner}${close.repeat(10_000)}`;
    const dir = screensFolder({
      'index.json': deep('{"type":"column","children":[', '{"type":"divider"}', ']}'),
      'data.json': `{"type":"button","text":"Go","onTap":{"actionType":"networkRequest","url":"/x","body":${deep('[', '', ']')}}}`,
    });
    const res = await runCli(['validate', dir, '--json'], { cwd: dir });
    expect(res.code).toBe(1);
    const findings = (res.json() as unknown as { details: { findings: Record<string, string>[] } }).details
      .findings;
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'index.json', severity: 'error', code: 'depth_limit' }),
        expect.objectContaining({
          file: 'data.json',
          severity: 'error',
          code: 'depth_limit',
          pointer: expect.stringMatching(/^\/onTap\/body\/0\/0\//),
        }),
      ]),
    );
  });
});
