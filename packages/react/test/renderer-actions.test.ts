// Actions checked and run by their registry spec, and the page stack of a running app.

import { HostError } from '@miniapps/host';
import { actions, actionTypes } from '@miniapps/schema';
import { describe, expect, it } from 'vitest';
import { checkAction, runActions } from '../src/renderer/actions.js';
import { initialPages, navigate, pageLink, parsePageLink } from '../src/renderer/navigation.js';
import { ValueStore } from '../src/renderer/value-store.js';
import { recordingEnv, sampleNode } from './helpers/renderer-fixtures.js';

describe('actions', () => {
  it('every registry action can be checked and run', async () => {
    for (const type of actionTypes) {
      const { env, log } = recordingEnv();
      // share needs one of its two optional fields; addToCalendar a start that is a date and time.
      const extra =
        type === 'share' ? { text: 'Look' } : type === 'addToCalendar' ? { start: '2026-12-15T10:00' } : {};
      const action = { actionType: type, ...sampleNode(actions[type].fields), ...extra };
      expect(() => checkAction(action)).not.toThrow();
      await runActions([action], {
        ...env,
        form: () => ({
          id: 'f',
          values: () => ({}),
          validate: () => true,
          onSubmit: [{ actionType: 'back' }],
          collect: { name: 'c', allowEdit: false },
        }),
      });
      expect(
        log.filter((line) => line.startsWith('error')),
        type,
      ).toEqual([]);
    }
  });

  it('submitForm to responses sends the values to the collection, replaces the own one with allowEdit, and fails without collect', async () => {
    const { env, log } = recordingEnv({ id: 'rsp_1', values: { a: '1' } });
    const form = (collect?: { name: string; allowEdit: boolean }) => ({
      ...env,
      form: () => ({
        id: 'f',
        values: () => ({ a: '1' }),
        validate: () => true,
        onSubmit: undefined,
        collect,
      }),
    });
    const submit = {
      actionType: 'submitForm',
      target: 'responses',
      onSuccess: { actionType: 'showToast', message: 'Sent ${result.id}' },
    };
    const storage = new ValueStore({ responses: { signup: { mine: { id: 'rsp_mine' } } } });
    const fixed = { params: {}, launch: { platform: 'web' as const } };
    const bindings = { state: new ValueStore({}), storage, fixed, locals: {} };
    await runActions([submit], form({ name: 'signup', allowEdit: false }), { bindings });
    await runActions([submit], form({ name: 'signup', allowEdit: true }), { bindings });
    await runActions([submit], form(undefined), { bindings });
    expect(log).toEqual([
      'response signup {"a":"1"}',
      'toast Sent rsp_1',
      'response signup rsp_mine {"a":"1"}',
      'toast Sent rsp_1',
      'error The form "f" does not collect responses: give it collect.',
    ]);
  });

  it("submitForm to responses sends the form's files with the values, showing their progress", async () => {
    const { env, log } = recordingEnv({ id: 'rsp_1', values: {} });
    const shown: (number | undefined)[] = [];
    const scan = new File(['%PDF-1.7'], 'справка.pdf', { type: 'application/pdf' });
    await runActions([{ actionType: 'submitForm', target: 'responses' }], {
      ...env,
      form: () => ({
        id: 'f',
        values: () => ({ a: '1' }),
        validate: () => true,
        onSubmit: undefined,
        collect: { name: 'docs', allowEdit: false },
        files: () => ({ scan: [scan] }),
        progress: (fraction) => shown.push(fraction),
      }),
    });
    expect(log).toEqual(['response docs {"a":"1"} files scan=справка.pdf']);
    expect(shown).toEqual([0, 0.5, undefined]);
  });

  it('a request runs onSuccess after the answer, in order', async () => {
    const { env, log } = recordingEnv();
    await runActions(
      [
        {
          actionType: 'networkRequest',
          url: '/orders',
          method: 'POST',
          body: { dish: 'soup' },
          onSuccess: [
            { actionType: 'showToast', message: 'Ordered' },
            { actionType: 'openPage', path: '/done' },
          ],
        },
      ],
      env,
    );
    expect(log).toEqual(['request POST /orders {"dish":"soup"}', 'toast Ordered', 'open /done']);
  });

  it('a failed request runs onError when there is one, and otherwise shows a readable error and stops', async () => {
    const failure = new HostError(
      'origin_unreachable',
      'POST /orders failed: The origin could not be reached. (origin_unreachable)',
      { status: 502 },
    );
    const handled = recordingEnv(failure);
    await runActions(
      [
        {
          actionType: 'networkRequest',
          url: '/orders',
          method: 'POST',
          onError: { actionType: 'showToast', message: 'Try later' },
        },
      ],
      handled.env,
    );
    expect(handled.log).toEqual(['request POST /orders', 'toast Try later']);

    const shown = recordingEnv(failure);
    await runActions(
      [
        { actionType: 'networkRequest', url: '/orders', method: 'POST' },
        { actionType: 'openPage', path: '/done' },
      ],
      shown.env,
    );
    expect(shown.log).toEqual(['request POST /orders', `error ${failure.message}`]);
  });

  it('an unknown or malformed action shows what is wrong instead of doing anything', async () => {
    const cases: Array<[unknown, string]> = [
      [{ actionType: 'openpage', path: '/x' }, 'This control uses an unknown action "openpage".'],
      [{ path: '/x' }, 'This control has an action without an "actionType".'],
      [{ actionType: 'openPage' }, 'The openPage action needs "path".'],
      [
        { actionType: 'openPage', path: '/../admin' },
        'This app tried to reach an address outside itself, "/../admin", and was stopped. (bad_path)',
      ],
      [
        { actionType: 'openUrl', url: 'javascript:alert(1)' },
        'The openUrl action has an invalid "url": "javascript:alert(1)".',
      ],
    ];
    for (const [action, message] of cases) {
      const { env, log } = recordingEnv();
      await runActions([action], env);
      expect(log).toEqual([`error ${message}`]);
    }
  });

  it('GET requests carry their body as the query; openPage passes params as strings', async () => {
    const { env, log } = recordingEnv();
    await runActions(
      [
        { actionType: 'networkRequest', url: '/search?x=1', body: { q: 'борщ', n: 2 } },
        { actionType: 'openPage', path: '/day', params: { day: 'mon', n: 3 }, replace: true },
      ],
      env,
    );
    expect(log).toEqual([
      'request GET /search?x=1&q=%D0%B1%D0%BE%D1%80%D1%89&n=2',
      'open /day {"day":"mon","n":"3"} replace',
    ]);
  });

  it("submitForm without a url runs the form's onSubmit, whose request sends the values over its body", async () => {
    const { env, log } = recordingEnv();
    const form = {
      id: 'order',
      values: () => ({ dish: 'soup', extra: true }),
      validate: () => true,
      onSubmit: [
        { actionType: 'networkRequest', url: '/orders', method: 'POST', body: { source: 'app', dish: 'x' } },
      ],
    };
    await runActions([{ actionType: 'submitForm', formId: 'order' }], {
      ...env,
      form: (id) => (id === 'order' ? form : undefined),
    });
    expect(log).toEqual(['request POST /orders {"source":"app","dish":"soup","extra":true}']);

    const missing = recordingEnv();
    await runActions([{ actionType: 'submitForm', formId: 'nope' }], missing.env);
    expect(missing.log).toEqual(['error There is no form "nope" on this page.']);
  });

  it('a form with files goes as multipart/form-data: values as text parts, files by field, the progress bar fed', async () => {
    const { env } = recordingEnv();
    const sent: { method: string; url: string; form?: FormData; body?: unknown }[] = [];
    const progress: (number | undefined)[] = [];
    const scan = new File(['%PDF-1.7'], 'справка.pdf', { type: 'application/pdf' });
    const form = {
      id: 'note',
      values: () => ({ comment: 'для деканата', urgent: true, tags: ['a', 'b'], scan: null }),
      validate: () => true,
      onSubmit: undefined,
      files: () => ({ scan: [scan] }),
      progress: (fraction: number | undefined) => void progress.push(fraction),
    };
    const request = async (
      call: (typeof sent)[number] & { onProgress?: (sent: number, total: number) => void },
    ) => {
      sent.push(call);
      call.onProgress?.(5, 10);
      return { ok: true };
    };
    await runActions([{ actionType: 'submitForm', url: '/notes' }], { ...env, request, form: () => form });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBeUndefined();
    const parts = [...sent[0]!.form!.entries()].map(([name, value]) =>
      typeof value === 'string' ? [name, value] : [name, value.name, value.type],
    );
    expect(parts).toEqual([
      ['comment', 'для деканата'],
      ['urgent', 'true'],
      ['tags', '["a","b"]'],
      ['scan', 'справка.pdf', 'application/pdf'],
    ]);
    expect(progress).toEqual([0, 0.5, undefined]);

    // Files never go in a query: a GET with files is refused, nothing sent.
    const refused = recordingEnv();
    await runActions([{ actionType: 'submitForm', url: '/notes', method: 'GET' }], {
      ...refused.env,
      form: () => form,
    });
    expect(refused.log).toEqual(['error Files are sent with POST, PUT or PATCH, not GET.']);

    // Three files of 10 MB are over the 25 MB a request carries: refused before sending.
    const big = new File([new Uint8Array(10 * 1024 * 1024)], 'a.png', { type: 'image/png' });
    const heavy = { ...form, files: () => ({ scan: [big, big, big] }) };
    const tooMuch = recordingEnv();
    await runActions([{ actionType: 'submitForm', url: '/notes' }], { ...tooMuch.env, form: () => heavy });
    expect(tooMuch.log).toEqual([
      'error The files together are over 25 MB, the most one form sends: remove some.',
    ]);
  });

  it('an invalid form is not sent', async () => {
    const { env, log } = recordingEnv();
    const form = { id: 'f', values: () => ({}), validate: () => false, onSubmit: undefined };
    await runActions([{ actionType: 'submitForm', url: '/x' }], { ...env, form: () => form });
    expect(log).toEqual([]);
  });

  it('showAlert runs onConfirm or onCancel by the answer', async () => {
    const { env, log } = recordingEnv();
    await runActions(
      [
        {
          actionType: 'showAlert',
          message: 'Sure?',
          onConfirm: { actionType: 'back' },
          onCancel: { actionType: 'refresh' },
        },
        {
          actionType: 'showAlert',
          message: 'Really?',
          confirmLabel: 'No',
          onConfirm: { actionType: 'back' },
          onCancel: { actionType: 'refresh' },
        },
      ],
      env,
    );
    expect(log).toEqual(['alert Sure?', 'back', 'alert Really?', 'refresh']);
  });
});

describe('navigation', () => {
  it('opens a deep link over the start page, so back leads to the start', () => {
    const pages = initialPages('/', '/menu?day=mon');
    expect(pages.map(pageLink)).toEqual(['/', '/menu?day=mon']);
    expect(navigate(pages, { kind: 'back' }).map(pageLink)).toEqual(['/']);
    expect(navigate(navigate(pages, { kind: 'back' }), { kind: 'back' }).map(pageLink)).toEqual(['/']);
  });

  it('ignores a deep link that is not an app path', () => {
    for (const link of ['https://evil.example/x', '//evil.example', '/../admin', 'menu']) {
      expect(initialPages('/home', link).map(pageLink)).toEqual(['/home']);
    }
    expect(initialPages('/home', '/home').map(pageLink)).toEqual(['/home']);
  });

  it('pushes, replaces and reloads pages, each with a fresh key', () => {
    let stack = initialPages('/', undefined);
    stack = navigate(stack, { kind: 'open', path: '/a', params: undefined, replace: false });
    stack = navigate(stack, { kind: 'open', path: '/b', params: { x: '1' }, replace: true });
    expect(stack.map(pageLink)).toEqual(['/', '/b?x=1']);
    const before = stack[1]!.key;
    stack = navigate(stack, { kind: 'loaded', key: before, screen: { type: 'divider' } });
    expect(stack[1]!.status).toBe('ready');
    stack = navigate(stack, { kind: 'reload', key: before });
    expect(stack[1]!.status).toBe('loading');
    expect(stack[1]!.key).not.toBe(before);
    expect(parsePageLink('/p?a=1&b=%2F')).toEqual({ path: '/p', params: { a: '1', b: '/' } });
  });
});

describe('addToCalendar and haptic', () => {
  it('hands the calendar UTC instants, an hour long by default, and shows a refusal in the user words', async () => {
    const { env, log } = recordingEnv();
    await runActions(
      [
        { actionType: 'haptic', style: 'warning' },
        { actionType: 'addToCalendar', title: 'Exam', start: '2026-12-15T10:00+03:00', reminder: 15 },
      ],
      env,
    );
    expect(log).toEqual([
      'haptic warning',
      `calendar ${JSON.stringify({ title: 'Exam', start: '2026-12-15T07:00:00.000Z', end: '2026-12-15T08:00:00.000Z', reminderMinutes: 15 })}`,
    ]);

    const refusing = recordingEnv();
    await runActions([{ actionType: 'addToCalendar', title: 'Exam', start: '2026-12-15T10:00Z' }], {
      ...refusing.env,
      addToCalendar: async () => {
        throw new HostError('http_error', 'The user said no.');
      },
    });
    expect(refusing.log).toEqual(['error The event was not added to your calendar: The user said no.']);

    const broken = recordingEnv();
    await runActions([{ actionType: 'addToCalendar', title: 'Exam', start: 'tomorrow' }], broken.env);
    expect(broken.log).toEqual([
      'error The event\'s "start" is not a date and time (YYYY-MM-DDTHH:MM): "tomorrow".',
    ]);
  });
});
