// Browser side of `npm run bench:web`'s state rows: a 200-item itemsFrom list drawn, the same list written out
// statically (the baseline of binding resolution), and a setState that changes one text on a full screen.

import { ScreenRenderer } from '@miniapps/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { summary, timeDraw } from './draw.js';
import { quietEnv as env } from './quiet-env.js';

const ITEMS = 200;
const events = Array.from({ length: ITEMS }, (_, i) => ({
  title: `Event ${i}`,
  room: `R${i % 17}`,
  day: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'][i % 5],
}));

/** The list drawn from state: every row's title and subtitle filled from `${item…}` and `${index}`. */
const boundList = {
  type: 'screen',
  title: 'Events',
  state: { events },
  children: [
    {
      type: 'list',
      itemsFrom: '${state.events}',
      itemTemplate: {
        type: 'listItem',
        title: '${item.title}',
        subtitle: '${item.day}, room ${item.room} · #${index}',
      },
    },
  ],
};

/** The same rows written out: what the bound list draws, without a binding. */
const staticList = {
  type: 'screen',
  title: 'Events',
  children: [
    {
      type: 'list',
      items: events.map((event, index) => ({
        type: 'listItem',
        title: event.title,
        subtitle: `${event.day}, room ${event.room} · #${index}`,
      })),
    },
  ],
};

/** A full screen (the 200-row list, a heading, texts) where one text reads `state.choice`, set by two buttons. */
const setStateScreen = {
  type: 'screen',
  title: 'Events',
  state: { events, choice: 'none' },
  children: [
    { type: 'heading', text: 'This week' },
    { type: 'text', text: 'Chosen: ${state.choice}' },
    ...Array.from({ length: 20 }, (_, i) => ({ type: 'text', text: `Static line ${i}` })),
    { type: 'button', label: 'Left', onTap: { actionType: 'setState', values: { 'state.choice': 'left' } } },
    {
      type: 'button',
      label: 'Right',
      onTap: { actionType: 'setState', values: { 'state.choice': 'right' } },
    },
    boundList.children[0],
  ],
};

function draws(screen: unknown, iterations: number) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) samples.push(timeDraw(root, container, screen));
  const rows = container.querySelectorAll('.ma-list-item').length;
  root.unmount();
  container.remove();
  return { samples, rows };
}

/**
 * Taps Left and Right in turn: the tap runs setState at once, and React draws the change in the microtask it
 * queues for a discrete event, which runs before the one awaited here.
 */
async function setStateRedraws(iterations: number) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(<ScreenRenderer screen={setStateScreen} mode="production" env={env} />));
  const button = (label: string) =>
    [...container.querySelectorAll('button')].find((b) => b.textContent === label) as HTMLButtonElement;
  const left = button('Left');
  const right = button('Right');
  const samples: number[] = [];
  let missed = 0;
  for (let i = 0; i < iterations; i++) {
    const choice = i % 2 === 0 ? 'left' : 'right';
    void container.offsetHeight;
    const started = performance.now();
    (choice === 'left' ? left : right).click();
    await Promise.resolve();
    void container.offsetHeight;
    samples.push(performance.now() - started);
    if (!container.textContent?.includes(`Chosen: ${choice}`)) missed++;
  }
  root.unmount();
  container.remove();
  return { ...summary(samples), missed };
}

declare global {
  interface Window {
    runStateBench(iterations: number): Promise<{
      bound: ReturnType<typeof summary> & { rows: number };
      static: ReturnType<typeof summary> & { rows: number };
      setState: Awaited<ReturnType<typeof setStateRedraws>>;
    }>;
  }
}

window.runStateBench = async (iterations) => {
  // Alternated, so both see the same state of the JIT and of the other processes on the machine.
  const bound: number[] = [];
  const fixed: number[] = [];
  let rows = { bound: 0, static: 0 };
  for (let round = 0; round < iterations; round += 10) {
    const b = draws(boundList, 10);
    const s = draws(staticList, 10);
    bound.push(...b.samples);
    fixed.push(...s.samples);
    rows = { bound: b.rows, static: s.rows };
  }
  return {
    bound: { ...summary(bound), rows: rows.bound },
    static: { ...summary(fixed), rows: rows.static },
    setState: await setStateRedraws(iterations),
  };
};
