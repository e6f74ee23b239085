// Browser entry of `miniapps dev`, bundled by esbuild: mounts @miniapps/react's runtime over the local screens.
// Plain JavaScript on purpose: the root typecheck has no DOM or JSX, and the renderer it wraps is typed in react.
import { HostError, MiniAppRuntime } from '@miniapps/react';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const source = {
  async loadScreen(path) {
    const response = await fetch(`/__miniapps/screen?path=${encodeURIComponent(path)}`);
    const body = await response.json();
    if (!response.ok) {
      throw new HostError('not_found', body.message, { status: response.status, sentCode: body.error });
    }
    return body;
  },
  // A hosted app's API serves its datasets (GET /data/<name>) and nothing else; so does the preview.
  async request(call) {
    const path = call.url.split('?')[0];
    if (call.method !== 'GET' || !/^\/data\/[^/]+$/.test(path)) {
      throw new HostError('no_backend', 'A hosted app has no API backend, so the preview has none either.', {
        status: 404,
      });
    }
    const response = await fetch(`/api${path}`);
    const body = await response.json();
    if (!response.ok) {
      throw new HostError(body.error ?? 'not_found', body.message, {
        status: response.status,
        sentCode: body.error,
      });
    }
    return body;
  },
  // As the platform picks for the user's language: the same tag, else the same language, else the first locale.
  async strings() {
    const { locales } = await (await fetch('/__miniapps/strings')).json();
    if (locales.length === 0) return { locale: null, locales: [], strings: {} };
    const tags = locales.map(([tag]) => tag.toLowerCase());
    let chosen = 0;
    for (const wanted of navigator.languages.map((tag) => tag.toLowerCase())) {
      const exact = tags.indexOf(wanted);
      const same = tags.findIndex((tag) => tag.split('-')[0] === wanted.split('-')[0]);
      if (exact >= 0 || same >= 0) {
        chosen = exact >= 0 ? exact : same;
        break;
      }
    }
    return { locale: locales[chosen][0], locales: locales.map(([tag]) => tag), strings: locales[chosen][1] };
  },
};

window.miniappsPreview = {
  /** Renders the app into `element`; returns a function that unmounts it. */
  mount(element, options) {
    const root = createRoot(element);
    root.render(
      createElement(MiniAppRuntime, {
        source,
        startPath: options.startPath,
        initialPage: options.initialPage,
        mode: 'development',
        title: options.title,
        effects: { navigate: ({ link }) => options.onNavigate?.(link) },
      }),
    );
    return () => root.unmount();
  },
};
