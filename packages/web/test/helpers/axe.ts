// axe-core run inside a page: its source injected as a script, the violations returned as short lines.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

let source: Promise<string> | undefined;
const axeSource = () => {
  source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
};

/** Every axe violation on the page, as "rule (impact): target" lines; empty when the page passes. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: await axeSource() });
  // A script string: this helper is compiled without the DOM types.
  const found = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) =>
      v.id + ' (' + v.impact + '): ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
  )) as string[];
  return found;
}

/** Whether the page is wider than the window (something would scroll sideways). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return (await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')) as boolean;
}
