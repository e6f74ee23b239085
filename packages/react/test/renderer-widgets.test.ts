// The renderer draws every registry widget, hides what it cannot draw in production, and resolves fields by spec.
import { widgets, widgetTypes } from '@miniapps/schema';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { runActions } from '../src/renderer/actions.js';
import { PageContext } from '../src/renderer/context.js';
import type { RenderMode } from '../src/renderer/render-mode.js';
import { resolveFields } from '../src/renderer/resolve.js';
import { isLoadableImage, isOpenableUrl } from '../src/renderer/safe-urls.js';
import { ScreenRenderer } from '../src/renderer/screen-renderer.js';
import { views } from '../src/renderer/views/index.js';
import { recordingEnv, sampleNode } from './helpers/renderer-fixtures.js';

const noEnv = recordingEnv().env;

function render(screen: unknown, mode: RenderMode = 'development'): string {
  return renderToStaticMarkup(createElement(ScreenRenderer, { screen, mode, env: noEnv }));
}

describe('rendering driven by the registry', () => {
  it.each(widgetTypes)('draws a %s from its registry fields, in production too', (type) => {
    const empty = render({ type: 'screen', children: [] }, 'production');
    for (const all of [false, true]) {
      const node = { type, ...sampleNode(widgets[type].fields, all) };
      // Sample bindings read state.shown: a list, so visibleIf shows and itemsFrom draws one row.
      const html = render({ type: 'screen', state: { shown: ['row'] }, children: [node] }, 'production');
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

  it('names fields that have no visible label and marks an image without alt as decorative', () => {
    const html = render({
      type: 'screen',
      children: [
        { type: 'textField', name: 'query', placeholder: 'Search dishes' },
        { type: 'textField', name: 'note' },
        { type: 'textField', name: 'email', label: 'E-mail' },
        { type: 'select', name: 'group', options: [{ value: 'a', label: 'A' }] },
        { type: 'image', src: 'https://img.example.org/a.png' },
      ],
    });
    expect(html).toContain('aria-label="Search dishes"');
    expect(html).toContain('aria-label="note"');
    expect(html).toMatch(/<label for="[^"]+">E-mail<\/label>/);
    expect(html).not.toContain('aria-label="email"');
    expect(html).toMatch(/<select[^>]*aria-label="group"/);
    expect(html).toContain('alt=""');
  });

  it('draws an inline raster image the registry allows, never an inline SVG', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(render({ type: 'image', src: png, alt: 'dot' })).toContain(`src="${png}"`);
    expect(render({ type: 'image', src: 'data:image/svg+xml;base64,PHN2Zz4=' })).not.toContain('<img');
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

describe('addresses the renderer acts on, whatever the source', () => {
  it('opens only https pages', () => {
    expect(isOpenableUrl('https://uni.example/a?b=c')).toBe(true);
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'http://uni.example/',
      'data:text/html,x',
      'https:',
      '/relative',
      42,
    ]) {
      expect(isOpenableUrl(url), String(url)).toBe(false);
    }
  });

  it('loads https and inline raster images only', () => {
    expect(isLoadableImage('https://img.example.org/a.png')).toBe(true);
    expect(isLoadableImage('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    for (const src of [
      'javascript:alert(1)',
      'http://img.example.org/a.png',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html;base64,PGI+',
      'blob:https://x/1',
    ]) {
      expect(isLoadableImage(src), src).toBe(false);
    }
  });

  it('the image view itself draws nothing for a javascript: or http: address handed to it', () => {
    // Straight to the view, past the registry's own check of the field.
    const image = (src: string) =>
      renderToStaticMarkup(
        createElement(
          PageContext.Provider,
          { value: { mode: 'production', env: noEnv, forms: new Map() } },
          createElement(views.image, { src }),
        ),
      );
    expect(image('javascript:alert(1)')).not.toContain('<img');
    expect(image('http://img.example.org/a.png')).not.toContain('<img');
    expect(image('https://img.example.org/a.png')).toContain('<img');
    expect(image('data:image/svg+xml;base64,PHN2Zz4=')).not.toContain('<img');
  });

  it('an openUrl with another scheme is refused with a readable error and never reaches the host', async () => {
    const { env, log } = recordingEnv();
    await runActions([{ actionType: 'openUrl', url: 'javascript:alert(1)' }], env);
    await runActions([{ actionType: 'openUrl', url: 'https://uni.example/' }], env);
    expect(log).toEqual([
      'error The openUrl action has an invalid "url": "javascript:alert(1)".',
      'url https://uni.example/ false',
    ]);
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
