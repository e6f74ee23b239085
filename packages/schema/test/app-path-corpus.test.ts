// The validator against the app-path corpus: every hostile address, in each field a screen names an app path with,
// is an `unsafe_path` error at its pointer (it blocks a deploy); every legitimate one passes.
import { describe, expect, it } from 'vitest';
import { blockingProblems, parseAppPath, validateScreen } from '../src/index.js';
import { hostileAppPaths, legitimateAppPaths } from './app-path-corpus.js';

/** A screen naming `path` in every app-path field of the registry: openPage, networkRequest, submitForm. */
function screenNaming(path: string) {
  return {
    type: 'screen',
    onLoad: [
      { actionType: 'networkRequest', method: 'POST', url: path, body: { name: 'x' }, resultTo: 'state.tok' },
      { actionType: 'openPage', path },
      { actionType: 'submitForm', url: path },
    ],
    children: [],
  };
}

const pointers = ['/onLoad/0/url', '/onLoad/1/path', '/onLoad/2/url'];

describe('the validator and the app-path corpus', () => {
  it.each(hostileAppPaths)('%j is an unsafe_path error in every field', (path) => {
    const result = validateScreen(screenNaming(path));
    const blocking = blockingProblems(result);
    expect(blocking.map((p) => [p.pointer, p.code])).toEqual(
      pointers.map((pointer) => [pointer, 'unsafe_path']),
    );
    for (const problem of blocking) expect(problem.message.length).toBeGreaterThan(10);
  });

  it.each(legitimateAppPaths)('%j passes', (path) => {
    expect(validateScreen(screenNaming(path)).problems).toEqual([]);
    expect(typeof parseAppPath(path)).toBe('object');
  });

  it('a bound part is checked as a plain word, so a hostile static part still shows', () => {
    const binding = (name: string) => `\${${name}}`;
    const bound = validateScreen(screenNaming(`/%2e%2e/${binding('state.next')}`));
    expect(blockingProblems(bound)).toHaveLength(3);
    expect(blockingProblems(validateScreen(screenNaming(`/orders/${binding('state.id')}`)))).toEqual([]);
  });

  it('a storage key "." or ".." is an unsafe_path error; keys with dots inside pass', () => {
    const keyed = (key: string) =>
      validateScreen({
        type: 'screen',
        onLoad: [
          { actionType: 'storageSet', key, value: 1 },
          { actionType: 'storageRemove', key },
        ],
        children: [],
      });
    for (const key of ['.', '..'])
      expect(blockingProblems(keyed(key)).map((p) => [p.pointer, p.code])).toEqual([
        ['/onLoad/0/key', 'unsafe_path'],
        ['/onLoad/1/key', 'unsafe_path'],
      ]);
    expect(keyed('a..b').problems).toEqual([]);
  });

  it('a path not starting with "/" stays a warning: a typo, not an attack', () => {
    const result = validateScreen(screenNaming('orders'));
    expect(result.problems.map((p) => p.severity)).toEqual(['warning', 'warning', 'warning']);
  });
});
