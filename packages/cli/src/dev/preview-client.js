// Browser entry of `miniapps dev`, bundled by esbuild: mounts the web client's renderer over the local screens.
// Plain JavaScript on purpose: the root typecheck has no DOM or JSX, and the renderer it wraps is typed in web.
import { HostError, MiniAppRuntime } from '@miniapps/web/renderer';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const host = {
  async loadScreen(path) {
    const response = await fetch(`/__miniapps/screen?path=${encodeURIComponent(path)}`);
    const body = await response.json();
    if (!response.ok) throw new HostError(body.message, response.status, body.error);
    return body;
  },
  async request() {
    throw new HostError(
      'A hosted app has no API backend, so the preview has none either.',
      404,
      'no_backend',
    );
  },
};

window.miniappsPreview = {
  /** Renders the app into `element`; returns a function that unmounts it. */
  mount(element, options) {
    const root = createRoot(element);
    root.render(
      createElement(MiniAppRuntime, {
        host,
        startPath: options.startPath,
        initialPage: options.initialPage,
        mode: 'development',
        title: options.title,
        onNavigate: options.onNavigate,
      }),
    );
    return () => root.unmount();
  },
};
