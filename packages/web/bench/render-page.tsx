// Browser side of `npm run bench:web`: draws a 30-widget screen with the renderer many times and times each draw
// (React commit plus style and layout), against the same DOM written by hand as the baseline.

import { ScreenRenderer } from '@miniapps/react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { benchScreen } from './bench-screen.js';
import { quietEnv as env } from './quiet-env.js';

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1)!, first: samples[0]! };
}

/** One draw: mount the screen into an emptied root, then force style and layout so the browser really drew it. */
function timeRenderer(root: Root, container: HTMLElement, screen: unknown): number {
  flushSync(() => root.render(null));
  void container.offsetHeight;
  const started = performance.now();
  flushSync(() => root.render(<ScreenRenderer screen={screen} mode="production" env={env} />));
  void container.offsetHeight;
  return performance.now() - started;
}

/** The baseline: the renderer's own output for this screen, set as HTML and laid out (no React, no registry). */
function timeBaseline(html: string): number {
  const container = document.createElement('div');
  document.body.append(container);
  const started = performance.now();
  container.innerHTML = html;
  void container.offsetHeight;
  const took = performance.now() - started;
  container.remove();
  return took;
}

declare global {
  interface Window {
    runBench(iterations: number): {
      renderer: ReturnType<typeof summary>;
      baseline: ReturnType<typeof summary>;
      widgets: number;
    };
  }
}

window.runBench = (iterations) => {
  const { screen, widgets } = benchScreen();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const renderer: number[] = [];
  for (let i = 0; i < iterations; i++) renderer.push(timeRenderer(root, container, screen));
  const html = container.innerHTML;
  root.unmount();
  container.remove();
  const baseline: number[] = [];
  for (let i = 0; i < iterations; i++) baseline.push(timeBaseline(html));
  return { renderer: summary(renderer), baseline: summary(baseline), widgets };
};
