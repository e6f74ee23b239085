// The renderer against the app-path corpus: a hostile address in openPage, networkRequest, submitForm or a storage
// key is refused before the host hears of it, shown with `bad_path`, and reported to the host; legitimate ones run.
import type { HostError } from '@miniapps/host';
import { describe, expect, it } from 'vitest';
import { hostileAppPaths, legitimateAppPaths } from '../../schema/test/app-path-corpus.js';
import { translator } from '../src/i18n/messages.js';
import type { ActionEnv } from '../src/renderer/action-env.js';
import { runActions } from '../src/renderer/actions.js';
import { isLocalPath } from '../src/renderer/field-values.js';
import { recordingEnv } from './helpers/renderer-fixtures.js';

/** A recording env that also keeps what the host was told, and the form submitForm finds. */
function watchedEnv() {
  const { env, log } = recordingEnv();
  const reported: HostError[] = [];
  const codes: Array<string | undefined> = [];
  const watched: ActionEnv = {
    ...env,
    showError: (message, code) => {
      codes.push(code);
      env.showError(message);
    },
    reportError: (error) => reported.push(error),
    form: () => ({ id: 'f', values: () => ({ a: '1' }), validate: () => true, onSubmit: undefined }),
  };
  return { env: watched, log, reported, codes };
}

const attacks = (path: string) => ({
  networkRequest: {
    actionType: 'networkRequest',
    method: 'POST',
    url: path,
    body: { name: 'x' },
    resultTo: 'state.tok',
  },
  openPage: { actionType: 'openPage', path },
  submitForm: { actionType: 'submitForm', url: path },
  // The whole address bound: known only when the action runs (a remote screen's state, say).
  bound: { actionType: 'networkRequest', url: `\${state.next}` },
});

describe('the renderer and the app-path corpus', () => {
  it.each(hostileAppPaths)(
    '%j is refused in every action, shown with bad_path and reported',
    async (path) => {
      expect(isLocalPath(path)).toBe(false);
      for (const [name, action] of Object.entries(attacks(path))) {
        const w = watchedEnv();
        const state = new Map<string, unknown>([['next', path]]);
        const bindings = {
          state: { get: (p: unknown[]) => state.get(String(p[1])), set: () => {} },
          locals: {},
        } as never;
        await runActions(
          [action, { actionType: 'showToast', message: 'after' }],
          w.env,
          name === 'bound' ? { bindings } : {},
        );
        expect(
          w.log.filter((line) => !line.startsWith('error')),
          name,
        ).toEqual([]);
        expect(w.codes, name).toEqual(['bad_path']);
        expect(
          w.reported.map((e) => e.code),
          name,
        ).toEqual(['bad_path']);
      }
    },
  );

  it.each(legitimateAppPaths)('%j runs', async (path) => {
    expect(isLocalPath(path)).toBe(true);
    const w = watchedEnv();
    await runActions([attacks(path).networkRequest, attacks(path).openPage], w.env);
    expect(w.log).toEqual([`request POST ${path} {"name":"x"}`, `open ${path}`]);
    expect(w.reported).toEqual([]);
  });

  it('a storage key "." or ".." is bad_path; "a..b" is a key', async () => {
    for (const key of ['.', '..']) {
      const w = watchedEnv();
      await runActions([{ actionType: 'storageSet', key, value: 1 }], w.env);
      expect(w.reported.map((e) => e.code)).toEqual(['bad_path']);
    }
    const w = watchedEnv();
    await runActions([{ actionType: 'storageSet', key: 'a..b', value: 1 }], w.env);
    expect(w.reported).toEqual([]);
  });

  it('says so in the user’s language', async () => {
    const en = watchedEnv();
    await runActions([attacks('/%2e%2e/api').openPage], en.env);
    expect(en.log[0]).toContain('outside itself');
    const ru = watchedEnv();
    await runActions([attacks('/%2e%2e/api').openPage], { ...ru.env, t: translator('ru') });
    expect(ru.log[0]).toContain('за своими пределами');
    expect(ru.reported[0]?.message).toContain('за своими пределами');
  });
});
