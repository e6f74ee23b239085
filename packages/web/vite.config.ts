// Build of the web client: esbuild's automatic JSX (no React plugin), one small bundle, no source maps.
import { join } from 'node:path';
import { defaultClientConditions, defineConfig } from 'vite';
import { embedElement } from './scripts/embed-element.js';
import { precompiledMessages } from './scripts/precompile-messages.js';
import { serviceWorker } from './scripts/service-worker.js';

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  base: '/',
  // Workspace packages bundle from their TypeScript sources (the `source` export condition), built or not.
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // The catalogues arrive parsed (scripts/precompile-messages.ts), so the build ships no ICU parser.
    alias:
      command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : [],
  },
  // The build always ships React's production runtime, whatever NODE_ENV the caller had.
  esbuild: { jsx: 'automatic', jsxDev: command !== 'build' },
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Size is measured by bench/web; gzipping every chunk on each build only slows `npm start`.
    reportCompressedSize: false,
    sourcemap: false,
    modulePreload: { polyfill: false },
  },
  // Catalogues parsed at build; <miniapp-view> for host pages, served by the platform at /embed/miniapp-view.js;
  // then the service worker that keeps both (public/ holds the manifest and icons, copied as they are).
  plugins: [
    precompiledMessages(),
    embedElement(join(import.meta.dirname, 'dist')),
    serviceWorker(join(import.meta.dirname, 'dist'), join(import.meta.dirname, 'public')),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:8787', '/functions': 'http://127.0.0.1:8787' } },
}));
