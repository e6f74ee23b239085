// The renderer's pure parts: field resolution by the registry, actions, navigation, and every widget drawn.
import { actions, actionTypes, type FieldMap, type FieldSpec, widgets, widgetTypes } from '@miniapps/schema';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ActionEnv } from '../src/renderer/action-env.js';
import { checkAction, runActions } from '../src/renderer/actions.js';
import { HostError, type RenderMode } from '../src/renderer/host.js';
import { initialPages, navigate, pageLink, parsePageLink } from '../src/renderer/navigation.js';
import { resolveFields } from '../src/renderer/resolve.js';
import { ScreenRenderer } from '../src/renderer/screen-renderer.js';

/** An environment that records what actions did; `request` answers with `answer` or throws it. */
function recordingEnv(answer: unknown = { ok: true }) {
  const log: string[] = [];
  const env: ActionEnv = {
    openPage: (path, params, replace) =>
      log.push(`open ${path}${params ? ` ${JSON.stringify(params)}` : ''}${replace ? ' replace' : ''}`),
    back: () => log.push('back'),
    refresh: async () => void log.push('refresh'),
    openUrl: (url, external) => log.push(`url ${url} ${external}`),
    request: async (call) => {
      log.push(
        `request ${call.method} ${call.url}${call.body === undefined ? '' : ` ${JSON.stringify(call.body)}`}`,
      );
      if (answer instanceof Error) throw answer;
      return answer;
    },
    toast: (message) => log.push(`toast ${message}`),
    alert: async (request) => {
      log.push(`alert ${request.message}`);
      return request.confirmLabel !== 'No';
    },
    copy: async (text) => void log.push(`copy ${text}`),
    share: async (data) => void log.push(`share ${JSON.stringify(data)}`),
    form: () => undefined,
    showError: (message) => log.push(`error ${message}`),
  };
  return { env, log };
}

const noEnv = recordingEnv().env;

function render(screen: unknown, mode: RenderMode = 'development'): string {
  return renderToStaticMarkup(createElement(ScreenRenderer, { screen, mode, env: noEnv }));
}

/** The smallest valid value of a field, made from its spec: the registry alone drives the fixture. */
function sampleValue(spec: FieldSpec): unknown {
  switch (spec.kind) {
    case 'widget':
      return { type: 'text', text: 'child' };
    case 'widget[]':
      return [{ type: 'text', text: 'child' }];
    case 'action':
    case 'action|action[]':
      return { actionType: 'refresh' };
    case 'action[]':
      return [{ actionType: 'refresh' }];
    case 'object[]':
      return [sampleNode(spec.fields)];
    case 'url':
      return `${spec.schemes[0]}://img.example.org/a.png`;
    case 'relativeUrl':
    case 'path':
      return '/a';
    case 'number':
    case 'integer':
      return spec.minimum ?? 1;
    case 'boolean':
      return true;
    case 'enum':
      return spec.values[0];
    case 'data':
      return { a: 1 };
    default:
      return 'sample';
  }
}

function sampleNode(fields: FieldMap, all = false): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, spec]) => all || spec.required)
      .map(([name, spec]) => [name, sampleValue(spec)]),
  );
}

describe('rendering driven by the registry', () => {
  it.each(widgetTypes)('draws a %s from its registry fields, in production too', (type) => {
    const empty = render({ type: 'screen', children: [] }, 'production');
    for (const all of [false, true]) {
      const node = { type, ...sampleNode(widgets[type].fields, all) };
      const html = render({ type: 'screen', children: [node] }, 'production');
      expect(html).not.toContain('ma-placeholder');
      // A list with no items and no empty text is rightly nothing.
      if (all || type !== 'list') expect(html.length).toBeGreaterThan(empty.length);
    }
  });

  it('shows an unknown widget as a labelled placeholder in development and drops it in production', () => {
    const screen = {
      type: 'screen',
      children: [
        { type: 'colum', children: [] },
        { type: 'text', text: 'after' },
      ],
    };
    const dev = render(screen, 'development');
    expect(dev).toContain('data-unknown-widget="colum"');
    expect(dev).toContain('colum</strong> is not a known widget');
    expect(dev).toContain('after');
    const prod = render(screen, 'production');
    expect(prod).not.toContain('ma-placeholder');
    expect(prod).not.toContain('colum<');
    expect(prod).toContain('after');
  });

  it('shows a widget without its required field as a placeholder naming the field', () => {
    const screen = { type: 'screen', children: [{ type: 'button', onTap: { actionType: 'back' } }] };
    expect(render(screen)).toContain('lacks a valid “label”');
    expect(render(screen, 'production')).not.toContain('button');
  });

  it('never draws an image from an address that is not https, and loads https ones directly', () => {
    const insecure = render({ type: 'image', src: 'http://img.example.org/a.png' });
    expect(insecure).toContain('lacks a valid “src”');
    expect(insecure).not.toContain('<img');
    const direct = render({ type: 'image', src: 'https://img.example.org/a.png', alt: 'A' });
    expect(direct).toContain('src="https://img.example.org/a.png"');
    expect(direct).toContain('referrerPolicy="no-referrer"');
  });

  it('does not walk data: a request body that looks like a widget is not drawn', () => {
    const screen = {
      type: 'button',
      label: 'Buy',
      onTap: { actionType: 'networkRequest', url: '/buy', body: { type: 'text', text: 'SECRET' } },
    };
    const html = render(screen);
    expect(html).toContain('Buy');
    expect(html).not.toContain('SECRET');
  });
});

describe('resolveFields', () => {
  it('renders widget slots, keeps fitting scalars, drops misfits and lists actions', () => {
    const rendered: string[] = [];
    const { props, missing } = resolveFields(
      widgets.listItem.fields,
      {
        title: 'Soup',
        subtitle: 42,
        leading: { type: 'icon', name: 'food' },
        onTap: { actionType: 'openPage', path: '/soup' },
      },
      (child, key) => {
        rendered.push(key);
        return `<${(child as { type: string }).type}>`;
      },
    );
    expect(missing).toEqual([]);
    expect(props).toEqual({
      title: 'Soup',
      leading: '<icon>',
      onTap: [{ actionType: 'openPage', path: '/soup' }],
    });
    expect(rendered).toEqual(['leading']);
  });

  it('resolves lists of objects holding slots (tabs) and skips items missing required fields', () => {
    const { props } = resolveFields(
      widgets.tabs.fields,
      { tabs: [{ title: 'A', child: { type: 'divider' } }, { title: 'B' }], selected: 0 },
      (_child, key) => key,
    );
    expect(props.tabs).toEqual([{ title: 'A', child: 'tabs.0.child' }]);
  });

  it('reports required fields that are missing or of the wrong kind', () => {
    expect(resolveFields(widgets.heading.fields, { text: 7, level: 9 }, () => null).missing).toEqual([
      'text',
    ]);
  });
});

describe('actions', () => {
  it('every registry action can be checked and run', async () => {
    for (const type of actionTypes) {
      const { env, log } = recordingEnv();
      // share needs one of its two optional fields.
      const extra = type === 'share' ? { text: 'Look' } : {};
      const action = { actionType: type, ...sampleNode(actions[type].fields), ...extra };
      expect(() => checkAction(action)).not.toThrow();
      await runActions([action], {
        ...env,
        form: () => ({
          id: 'f',
          values: () => ({}),
          validate: () => true,
          onSubmit: [{ actionType: 'back' }],
        }),
      });
      expect(
        log.filter((line) => line.startsWith('error')),
        type,
      ).toEqual([]);
    }
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
      'POST /orders failed: The origin could not be reached. (origin_unreachable)',
      502,
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
        'The openPage action has an invalid "path": "/../admin".',
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
