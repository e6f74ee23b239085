// Plays a conformance fixture's user steps in the browser with Playwright, each on the one visible element meant.
import type { Locator, Page } from 'playwright-core';
import type { Step, Target } from './fixture.js';

function visible(locator: Locator): Locator {
  return locator.filter({ visible: true });
}

function target(page: Page, where: Target): Locator {
  if ('text' in where) return visible(page.getByText(where.text, { exact: true }));
  return visible(
    page.getByLabel(where.label, { exact: true }).or(page.getByAltText(where.label, { exact: true })),
  );
}

function field(page: Page, name: string): Locator {
  return visible(page.locator(`[name=${JSON.stringify(name)}]`));
}

/** Runs one step; Playwright's strict locators fail when a step could mean two elements. */
export async function playStep(page: Page, step: Step): Promise<void> {
  if ('tap' in step) return target(page, step.tap).click();
  if ('fill' in step) return field(page, step.fill.name).fill(step.fill.text);
  if ('toggle' in step) return field(page, step.toggle.name).click();
  if ('choose' in step) return void (await field(page, step.choose.name).selectOption(step.choose.value));
  if ('submit' in step) return field(page, step.submit.name).press('Enter');
  if ('attach' in step) {
    const files = step.attach.files.map((file) => ({
      name: file.name,
      mimeType: file.type,
      buffer: Buffer.alloc(file.size, 0x20),
    }));
    return field(page, step.attach.name).setInputFiles(files);
  }
  // The page's global, typed without the DOM library: examples' tests compile this file for Node too.
  if ('back' in step)
    return page.evaluate(() =>
      (globalThis as unknown as { conformance: { back(): void } }).conformance.back(),
    );
  if ('see' in step) return visible(page.getByText(step.see)).first().waitFor({ state: 'visible' });
  const shown = await visible(page.getByText(step.notSee)).count();
  if (shown > 0) throw new Error(`"${step.notSee}" is shown, and should not be`);
}
