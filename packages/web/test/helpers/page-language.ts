// What a page shows of a language: a catalogue message as plain text, the English catalogues' literal runs, and the
// words of the other language left on a page (English catalogue texts on a Russian page, Russian words on an English).
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { Page } from 'playwright-core';
// Both catalogues, so Russian messages are there without waiting for the client's fetch.
import '../../src/i18n/catalogues.js';
import { compiledMessage, type MessageKey } from '../../src/i18n/language.js';

/** A message's text with its markup dropped (the tests read text, not elements). */
export function plain(
  key: MessageKey,
  language: 'en' | 'ru',
  values: Record<string, string | number> = {},
): string {
  const tags = { strong: (chunks: string[]) => chunks.join(''), code: (chunks: string[]) => chunks.join('') };
  const text = compiledMessage(language, key).format<string>({ ...values, ...tags });
  return Array.isArray(text) ? text.join('') : String(text);
}

/**
 * The literal runs of each English message, split where an argument, `#` or markup stands, with three letters at
 * least; code (`<code>miniapps deploy</code>`) is the same in both languages and left out.
 */
export function englishRuns(...catalogues: Array<Record<string, string>>): string[] {
  const runs = new Set<string>();
  let run = '';
  const flush = () => {
    const trimmed = run.trim();
    if ((trimmed.match(/[A-Za-z]/g) ?? []).length >= 3) runs.add(trimmed);
    run = '';
  };
  const walk = (elements: ReturnType<typeof parse>) => {
    for (const element of elements) {
      if (element.type === TYPE.literal) {
        run += element.value;
        continue;
      }
      flush();
      if (element.type === TYPE.tag && element.value !== 'code') walk(element.children);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      flush();
    }
  };
  for (const catalogue of catalogues) {
    for (const text of Object.values(catalogue)) {
      walk(parse(text));
      flush();
    }
  }
  return [...runs];
}

/**
 * Everything a reader meets on the page: its text and the names, hints and titles in attributes. Text marked with its
 * own `lang` (a language named in itself in the language switch) is left out: it is meant to be in that language.
 */
export const readable = (page: Page) =>
  page.evaluate(`(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')].flatMap((el) =>
      ['aria-label', 'placeholder', 'title', 'alt'].map((name) => el.getAttribute(name) ?? ''));
    const own = document.documentElement.lang;
    const marked = [...document.body.querySelectorAll('[lang]')].filter((el) => el.lang !== own);
    const options = [...document.querySelectorAll('option')].filter((o) => !marked.includes(o)).map((o) => o.text);
    let text = document.body.innerText;
    for (const el of marked) text = text.split(el.textContent).join('');
    return [document.title, text, ...attributes, ...options].join('\\n');
  })()`) as Promise<string>;

/**
 * The other language's words on the page: English runs (as whole words) on a Russian page, Cyrillic on an English.
 * `data` are texts the users wrote (an app's name, an organization's), taken out first.
 */
export async function foreignWords(
  page: Page,
  language: 'en' | 'ru',
  runs: readonly string[],
  data: readonly string[] = [],
): Promise<string[]> {
  let text = await readable(page);
  for (const written of data) text = text.split(written).join('');
  if (language === 'en') return text.match(/[А-Яа-яЁё]+/g) ?? [];
  return runs.filter((run) =>
    new RegExp(`(?<![A-Za-z-])${run.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z-])`).test(text),
  );
}

/**
 * A check for pages in `language`: each text shows, the loading line is gone, `<html lang>` follows; what is wrong
 * (another `lang`, the other language's words) is added to `left`, so one test lists every page's leftovers at once.
 */
export const readsIn =
  (language: 'en' | 'ru', left: string[], runs: readonly string[], data: readonly string[] = []) =>
  async (page: Page, where: string, ...texts: Array<string | RegExp>): Promise<void> => {
    for (const text of texts) await page.getByText(text).first().waitFor();
    await page.locator('[data-loading]').waitFor({ state: 'detached' });
    const lang = await page.evaluate('document.documentElement.lang');
    if (lang !== language) left.push(`${where}: <html lang="${String(lang)}">`);
    for (const found of await foreignWords(page, language, runs, data)) left.push(`${where}: ${found}`);
  };
