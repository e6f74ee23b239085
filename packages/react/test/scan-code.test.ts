// scanCode run by the renderer: the code kept at resultTo and handed to onResult, a cancel that runs nothing, each
// failure in the user's words (to onError when there is one), and the deadline every scan settles within.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScanFailure } from '../src/codes/scan-failure.js';
import { settleWithin } from '../src/effects/settle-within.js';
import { translator } from '../src/i18n/messages.js';
import { runActions } from '../src/renderer/actions.js';
import { ValueStore } from '../src/renderer/value-store.js';
import { recordingEnv } from './helpers/renderer-fixtures.js';

const scan = {
  actionType: 'scanCode',
  format: 'any',
  resultTo: 'state.scanned',
  onResult: { actionType: 'showToast', message: 'Read ${result.text} (${result.format})' },
};

function scope() {
  const state = new ValueStore({ state: {} });
  return {
    state,
    bindings: {
      state,
      storage: new ValueStore({ storage: {} }),
      fixed: { params: {}, launch: { platform: 'web' as const, colorScheme: 'light' as const } },
      locals: {},
    },
  };
}

describe('scanCode', () => {
  it('asks for the formats, keeps the text at resultTo, then runs onResult with ${result}', async () => {
    const { env, log } = recordingEnv();
    const { state, bindings } = scope();
    await runActions([scan], env, { bindings });
    expect(log).toEqual(['scan qr ean13 code128', 'toast Read SCANNED-1 (qr)']);
    expect(state.get(['state', 'scanned'])).toBe('SCANNED-1');

    const qrOnly = recordingEnv();
    await runActions([{ actionType: 'scanCode' }], qrOnly.env);
    expect(qrOnly.log).toEqual(['scan qr']);
  });

  it('a cancelled scan keeps nothing and runs nothing of onResult; the list goes on', async () => {
    const { env, log } = recordingEnv();
    const { state, bindings } = scope();
    await runActions(
      [scan, { actionType: 'showToast', message: 'after' }],
      { ...env, scanCode: async () => null },
      {
        bindings,
      },
    );
    expect(log).toEqual(['toast after']);
    expect(state.get(['state', 'scanned'])).toBeUndefined();
  });

  it.each([
    [
      'denied',
      'en',
      "The camera is not allowed: allow this site to use the camera in the browser's settings, then try again.",
    ],
    ['no_camera', 'ru', 'На этом устройстве нет доступной камеры.'],
    ['timeout', 'en', 'No code was read within two minutes.'],
    ['failed', 'ru', 'Не удалось отсканировать код: lens cap'],
  ] as const)(
    'a %s scan is shown in %s, or handed to onError as ${error.message}',
    async (problem, lang, text) => {
      const failing = async () => {
        throw new ScanFailure(problem, 'lens cap');
      };
      const shown = recordingEnv();
      await runActions([scan, { actionType: 'showToast', message: 'never' }], {
        ...shown.env,
        scanCode: failing,
        t: translator(lang),
      });
      expect(shown.log).toEqual([`error ${text}`]);

      const handled = recordingEnv();
      const { bindings } = scope();
      await runActions(
        [{ ...scan, onError: { actionType: 'showToast', message: 'Oops: ${error.message}' } }],
        { ...handled.env, scanCode: failing, t: translator(lang) },
        { bindings },
      );
      expect(handled.log).toEqual([`toast Oops: ${text}`]);
    },
  );

  it("a host's own failure is shown with its words", async () => {
    const { env, log } = recordingEnv();
    await runActions([scan], {
      ...env,
      scanCode: async () => {
        throw new Error('scanner busy');
      },
    });
    expect(log).toEqual(['error The code could not be scanned: Something went wrong: scanner busy']);
  });
});

describe('settleWithin', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a call settling at the last millisecond keeps its answer; one never settling fails at the deadline', async () => {
    vi.useFakeTimers();
    const onTime = settleWithin(
      new Promise((resolve) => setTimeout(() => resolve('code'), 999)),
      1000,
      () => new ScanFailure('timeout'),
    );
    await vi.advanceTimersByTimeAsync(999);
    await expect(onTime).resolves.toBe('code');

    let tidied = 0;
    const silent = settleWithin(
      new Promise(() => {}),
      1000,
      () => new ScanFailure('timeout'),
      () => tidied++,
    );
    const outcome = silent.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(999);
    expect(tidied).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ problem: 'timeout' });
    expect(tidied).toBe(1);
  });
});
