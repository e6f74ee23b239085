// scanCode run by the renderer: the code kept at resultTo and handed to onResult, a cancel that runs nothing, each
// failure in the user's words (and to onError when there is one), and the deadline every scan settles within.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cameraFailure } from '../src/codes/camera-failure.js';
import { translator } from '../src/i18n/messages.js';
import { runActions } from '../src/renderer/actions.js';
import { DeviceFailure, type DeviceFailureCode, HOST_CALL_TIMEOUT_MS } from '../src/renderer/device.js';
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
    const { env, log } = recordingEnv(undefined, { scanCode: async () => null });
    const { state, bindings } = scope();
    await runActions([scan, { actionType: 'showToast', message: 'after' }], env, { bindings });
    expect(log).toEqual(['toast after']);
    expect(state.get(['state', 'scanned'])).toBeUndefined();

    // A host's scanner closed by its user (an AbortError) is the same cancel: no message, no onError.
    const aborted = recordingEnv(undefined, {
      scanCode: async () => {
        throw new DOMException('closed', 'AbortError');
      },
    });
    await runActions(
      [
        { ...scan, onError: { actionType: 'showToast', message: 'never' } },
        { actionType: 'showToast', message: 'after' },
      ],
      aborted.env,
      { bindings },
    );
    expect(aborted.log).toEqual(['toast after']);
    expect(state.get(['state', 'scanned'])).toBeUndefined();
  });

  it.each([
    [
      'denied',
      'en',
      "The camera is not allowed: allow this site to use the camera in the browser's settings, then try again.",
    ],
    ['unsupported', 'ru', 'На этом устройстве нет доступной камеры.'],
    ['timeout', 'en', 'No code was read within two minutes.'],
    ['failed', 'ru', 'Не удалось отсканировать код: lens cap'],
  ] as const)(
    'a %s scan is shown in %s, and handed to onError as ${error.message}; the rest of the list stops',
    async (code: DeviceFailureCode, lang, text) => {
      const scanCode = async (): Promise<null> => {
        throw new DeviceFailure(code, 'scanCode', 'lens cap');
      };
      const shown = recordingEnv(undefined, { scanCode });
      await runActions([scan, { actionType: 'showToast', message: 'never' }], {
        ...shown.env,
        t: translator(lang),
      });
      expect(shown.log).toEqual([`error ${text}`]);

      const handled = recordingEnv(undefined, { scanCode });
      const { bindings } = scope();
      await runActions(
        [
          {
            ...scan,
            onError: { actionType: 'showToast', message: 'Oops: ${error.message} (${error.code})' },
          },
        ],
        { ...handled.env, t: translator(lang) },
        { bindings },
      );
      expect(handled.log).toEqual([`error ${text}`, `toast Oops: ${text} (${code})`]);
    },
  );

  it("the browser's camera refusals read as the device's codes", () => {
    expect(cameraFailure(new DOMException('no', 'NotAllowedError')).code).toBe('denied');
    expect(cameraFailure(new DOMException('none', 'NotFoundError')).code).toBe('unsupported');
    expect(cameraFailure(new DOMException('busy', 'NotReadableError')).code).toBe('unsupported');
    expect(cameraFailure(new Error('odd')).code).toBe('failed');
  });

  it("a host's own failure is shown with its words", async () => {
    const { env, log } = recordingEnv(undefined, {
      scanCode: async () => {
        throw new Error('scanner busy');
      },
    });
    await runActions([scan], env);
    expect(log).toEqual(['error The code could not be scanned: scanner busy']);
  });
});

describe('the deadline of a scan', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a scan answering at the last millisecond of two minutes keeps its code; one never answering fails then', async () => {
    vi.useFakeTimers();
    expect(HOST_CALL_TIMEOUT_MS.scanCode).toBe(120_000);
    const late = recordingEnv(undefined, {
      scanCode: () =>
        new Promise((resolve) => setTimeout(() => resolve({ text: 'LATE', format: 'qr' }), 119_999)),
    });
    const { state, bindings } = scope();
    const onTime = runActions([scan], late.env, { bindings });
    await vi.advanceTimersByTimeAsync(119_999);
    await onTime;
    expect(state.get(['state', 'scanned'])).toBe('LATE');

    const silent = recordingEnv(undefined, { scanCode: () => new Promise(() => {}) });
    const never = runActions([scan], silent.env);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(silent.log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await never;
    expect(silent.log).toEqual(['error No code was read within two minutes.']);
  });
});
