// Browser side of `npm run bench:web`: draws a 30-widget screen with the renderer many times and times each draw
// (React commit plus style and layout), against the same DOM written by hand as the baseline.

import { createRoot } from 'react-dom/client';
import { benchScreen } from './bench-screen.js';
import { summary, timeDraw } from './draw.js';

/** The summary with the first draw (the one that also mounts the tree). */
function stats(samples: number[]) {
  return { ...summary(samples), first: samples[0]! };
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
      renderer: ReturnType<typeof stats>;
      baseline: ReturnType<typeof stats>;
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
  for (let i = 0; i < iterations; i++) renderer.push(timeDraw(root, container, screen));
  const html = container.innerHTML;
  root.unmount();
  container.remove();
  const baseline: number[] = [];
  for (let i = 0; i < iterations; i++) baseline.push(timeBaseline(html));
  return { renderer: stats(renderer), baseline: stats(baseline), widgets };
};
