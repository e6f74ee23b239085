// Device capabilities as actions meet them: the host's function or the browser's, a missing one said in the user's
// language with onError run, a call that never settles given up at its timeout, a refusal told apart.
import { type GeoPosition, HostError } from '@miniapps/host';
import { HOST_CAPABILITIES } from '@miniapps/schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translator } from '../src/i18n/messages.js';
import { runActions } from '../src/renderer/actions.js';
import { createDevice, HOST_CALL_TIMEOUT_MS } from '../src/renderer/device.js';
import { ValueStore } from '../src/renderer/value-store.js';
import { recordingEnv } from './helpers/renderer-fixtures.js';

/** A page's binding scope whose state the actions write, for reading back what getLocation stored. */
function pageScope() {
  const state = new ValueStore({ state: {} });
  const bindings = {
    state,
    storage: new ValueStore({ storage: {} }),
    fixed: { params: {}, launch: {} },
    locals: {},
  };
  return { state, context: { bindings } };
}

const onError = [{ actionType: 'showToast', message: 'onError: ${error.code}: ${error.message}' }];
const then = { actionType: 'showToast', message: 'went on' };

afterEach(() => {
  vi.useRealTimers();
});

describe('device capabilities', () => {
  it('say which names a host supplies: true for each function, false for the rest', () => {
    const device = createDevice({ map: async () => {}, location: async () => ({}) as GeoPosition });
    expect(Object.keys(device.capabilities).sort()).toEqual([...HOST_CAPABILITIES].sort());
    expect(device.capabilities).toMatchObject({
      map: true,
      location: true,
      scanCode: false,
      brightness: false,
    });
    // The first supplier wins: a host's map before the browser's link.
    const calls: string[] = [];
    const both = createDevice(
      { map: async () => void calls.push('host') },
      { map: async () => void calls.push('browser') },
    );
    return both.call('map', { latitude: 1, longitude: 2 }).then(() => expect(calls).toEqual(['host']));
  });

  it('a capability the host lacks is shown in the user language, runs onError with code unsupported, and stops the list', async () => {
    const { env, log } = recordingEnv({ ok: true }, {});
    const { context } = pageScope();
    await runActions(
      [{ actionType: 'getLocation', resultTo: 'state.here', onError }, then],
      { ...env, t: translator('ru') },
      context,
    );
    expect(log).toEqual([
      'error Это устройство не может определять, где вы находитесь.',
      'toast onError: unsupported: Это устройство не может определять, где вы находитесь.',
    ]);

    const english = recordingEnv({ ok: true }, {});
    await runActions([{ actionType: 'openMap', latitude: 55.7, longitude: 37.6 }, then], english.env);
    expect(english.log).toEqual(['error This device cannot show maps.']);
  });

  it('a host call that never settles is given up at its timeout: a message, onError with code timeout', async () => {
    vi.useFakeTimers();
    const { env, log } = recordingEnv({ ok: true }, { location: () => new Promise<GeoPosition>(() => {}) });
    const { context, state } = pageScope();
    const running = runActions(
      [{ actionType: 'getLocation', resultTo: 'state.here', onError }, then],
      env,
      context,
    );
    await vi.advanceTimersByTimeAsync(HOST_CALL_TIMEOUT_MS.location - 1);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await running;
    const said = 'The device did not answer in time (30 s) when asked to tell where you are.';
    expect(log).toEqual([`error ${said}`, `toast onError: timeout: ${said}`]);
    expect(state.get(['state', 'here'])).toBeUndefined();
  });

  it('a refused permission (the host rejects with forbidden, a browser with NotAllowedError) reads as denied', async () => {
    const { env, log } = recordingEnv(
      { ok: true },
      {
        location: async () => {
          throw new HostError('forbidden', 'no');
        },
        map: async () => {
          throw Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
        },
      },
    );
    const { context } = pageScope();
    await runActions([{ actionType: 'getLocation', resultTo: 'state.here', onError }], env, context);
    await runActions([{ actionType: 'openMap', latitude: 0, longitude: 0, onError }], env, context);
    const locationDenied =
      'Permission to tell where you are was refused. You can allow it in the settings of your browser or device.';
    expect(log).toEqual([
      `error ${locationDenied}`,
      `toast onError: denied: ${locationDenied}`,
      'error Permission to show maps was refused. You can allow it in the settings of your browser or device.',
      'toast onError: denied: Permission to show maps was refused. You can allow it in the settings of your browser or device.',
    ]);
  });

  it('a calendar of the host that never answers is given up too, as a failure of addToCalendar', async () => {
    vi.useFakeTimers();
    const device = createDevice({ calendar: () => new Promise<void>(() => {}) });
    const { env, log } = recordingEnv();
    const running = runActions([{ actionType: 'addToCalendar', title: 'Exam', start: '2026-12-15T10:00Z' }], {
      ...env,
      addToCalendar: (event) => device.call('calendar', event),
    });
    await vi.advanceTimersByTimeAsync(HOST_CALL_TIMEOUT_MS.calendar);
    await running;
    expect(log).toEqual([
      'error The event was not added to your calendar: The device did not answer in time (60 s) when asked to add events to a calendar.',
    ]);
  });

  it('getLocation stores the three numbers at resultTo (nothing else the host gave) and runs onSuccess', async () => {
    const fix = { latitude: 55.75, longitude: 37.62, accuracy: 12, altitude: 150, speed: 1 };
    const { env, log } = recordingEnv({ ok: true }, { location: async () => fix });
    const { context, state } = pageScope();
    await runActions(
      [
        {
          actionType: 'getLocation',
          resultTo: 'state.here',
          onSuccess: { actionType: 'showToast', message: 'at ${result.latitude},${result.longitude}' },
        },
      ],
      env,
      context,
    );
    expect(state.get(['state', 'here'])).toEqual({ latitude: 55.75, longitude: 37.62, accuracy: 12 });
    expect(log).toEqual(['toast at 55.75,37.62']);
  });

  it('openMap hands the host the place; openDocument the fetched file', async () => {
    const { env, log } = recordingEnv();
    await runActions(
      [
        { actionType: 'openMap', latitude: -33.9, longitude: 151.2, label: 'Main building' },
        { actionType: 'openDocument', url: '/certificates/1', filename: 'certificate.pdf' },
      ],
      env,
    );
    expect(log).toEqual([
      `map ${JSON.stringify({ latitude: -33.9, longitude: 151.2, label: 'Main building' })}`,
      'fetch /certificates/1',
      'document certificate.pdf application/pdf',
    ]);
  });

  it('a document the platform refused is shown and runs onError with its code', async () => {
    const { env, log } = recordingEnv();
    await runActions(
      [{ actionType: 'openDocument', url: '/cert', filename: 'c.pdf', onError }, then],
      {
        ...env,
        fetchDocument: async () => {
          throw new HostError('origin_too_large', 'The document is larger than 10 MB.');
        },
      },
      pageScope().context,
    );
    expect(log).toEqual([
      'error The document is larger than 10 MB.',
      'toast onError: origin_too_large: The document is larger than 10 MB.',
    ]);
  });
});
