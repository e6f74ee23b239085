// What both bench pages time and report: one draw of a screen through a forced layout, and the samples' summary.
import { ScreenRenderer } from '@miniapps/react';
import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import { quietEnv as env } from './quiet-env.js';

/** Median, 95th percentile and maximum of the samples, in milliseconds. */
export function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}

/** One draw: mount the screen into an emptied root, then force style and layout so the browser really drew it. */
export function timeDraw(root: Root, container: HTMLElement, screen: unknown): number {
  flushSync(() => root.render(null));
  void container.offsetHeight;
  const started = performance.now();
  flushSync(() => root.render(<ScreenRenderer screen={screen} mode="production" env={env} />));
  void container.offsetHeight;
  return performance.now() - started;
}
