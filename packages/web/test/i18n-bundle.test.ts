// The two languages within the client's size budget (15 KB gzipped): catalogues parsed at build so no ICU parser ships,
// English bundled and Russian a chunk of its own, fetched before a Russian reader's first draw or when chosen in
// settings; every catalogue message formats the same precompiled as from its ICU text.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { ensureClientBuilt } from '../scripts/ensure-built.js';
import { precompileCatalogue } from '../scripts/precompile-messages.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const web = join(import.meta.dirname, '..');
const i18n = join(web, 'src/i18n');
/** Texts only the ICU parser holds (its error kinds), so finding one in a bundle means the parser shipped. */
const PARSER_MARKERS = ['EXPECT_ARGUMENT_CLOSING_BRACE', 'MALFORMED_ARGUMENT', 'INVALID_TAG'];
/** The Russian catalogue chunk, as Vite names it after src/i18n/messages-ru.ts. */
const RUSSIAN_CHUNK = /\/assets\/messages-ru-[\w-]+\.js$/;

/** Values for every argument a message uses: a count for plurals and numbers, a date, a string, tags kept visible. */
function sampleValues(elements: MessageFormatElement[], values: Record<string, unknown> = {}) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.plural || element.type === TYPE.number) values[element.value] = 3;
    else if (element.type === TYPE.date || element.type === TYPE.time) values[element.value] = new Date(0);
    else if (element.type === TYPE.tag) {
      values[element.value] = (chunks: unknown[]) =>
        `<${element.value}>${chunks.join('')}</${element.value}>`;
      sampleValues(element.children, values);
    } else values[element.value] = `«${element.value}»`;
    if ('options' in element)
      for (const option of Object.values(element.options)) sampleValues(option.value, values);
  }
  return values;
}

const text = (result: unknown) => (Array.isArray(result) ? result.join('') : String(result));

describe('catalogues precompiled at build', () => {
  it('format every message of both languages as their ICU text does', () => {
    let parsed = 0;
    let plain = 0;
    for (const language of ['en', 'ru']) {
      for (const file of readdirSync(join(i18n, language))) {
        const source = readFileSync(join(i18n, language, file), 'utf8');
        const written = JSON.parse(source) as Record<string, string>;
        const compiled = JSON.parse(precompileCatalogue(source, language, file)) as Record<
          string,
          string | MessageFormatElement[]
        >;
        expect(Object.keys(compiled)).toEqual(Object.keys(written));
        for (const [key, message] of Object.entries(compiled)) {
          const values = sampleValues(parse(written[key]!));
          const expected = text(new IntlMessageFormat(written[key]!, language).format(values));
          if (typeof message === 'string') {
            // Left as text only when ICU would read it as written.
            plain += 1;
            expect(message, `${language}/${file} ${key}`).toBe(expected);
          } else {
            parsed += 1;
            expect(
              text(new IntlMessageFormat(message, language).format(values)),
              `${language}/${file} ${key}`,
            ).toBe(expected);
          }
        }
      }
    }
    // Both kinds occur, so both paths were exercised.
    expect(parsed).toBeGreaterThan(50);
    expect(plain).toBeGreaterThan(100);
  });

  it('parse text with an apostrophe, a brace or a tag, and keep other text as written', () => {
    const compiled = JSON.parse(
      precompileCatalogue(
        JSON.stringify({ plain: 'Sign in', apostrophe: "It's '{'x'}'", tag: 'Run <code>deploy</code>' }),
        'en',
        'x.json',
      ),
    );
    expect(compiled.plain).toBe('Sign in');
    expect(new IntlMessageFormat(compiled.apostrophe, 'en').format()).toBe("It's {x}");
    expect(text(new IntlMessageFormat(compiled.tag, 'en').format({ code: (c: string[]) => `[${c}]` }))).toBe(
      'Run [deploy]',
    );
  });

  it('fail the build on a message ICU refuses, naming its file and key', () => {
    expect(() =>
      precompileCatalogue(
        JSON.stringify({ 'apps.count': '{count, plural, one {# app}' }),
        'en',
        'ru/catalog.json',
      ),
    ).toThrow(/^ru\/catalog\.json: message apps\.count is not valid ICU: /);
  });
});

describe('the built client', () => {
  let dist: string;
  let loaded: string[];
  beforeAll(async () => {
    await ensureClientBuilt();
    dist = join(web, 'dist');
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    loaded = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  });

  it('loads no ICU parser and no Russian catalogue from index.html; Russian is one chunk of its own', () => {
    const parser = readFileSync(
      createRequire(import.meta.url).resolve('@formatjs/icu-messageformat-parser'),
      'utf8',
    );
    for (const marker of PARSER_MARKERS) expect(parser, 'the marker is the parser’s').toContain(marker);
    const russian = JSON.parse(readFileSync(join(i18n, 'ru/catalog.json'), 'utf8'))['catalog.nothingFound'];
    const russianLiteral = 'ничего не найдено'; // a literal run of that message, as its AST keeps it
    expect(russian).toContain(russianLiteral);

    expect(loaded.filter((asset) => asset.endsWith('.js'))).toHaveLength(1);
    for (const asset of loaded) {
      const code = readFileSync(join(dist, asset), 'utf8');
      const holds = (text: string) => code.includes(text);
      for (const marker of PARSER_MARKERS)
        expect(holds(marker), `${asset} holds the parser (${marker})`).toBe(false);
      expect(holds(russianLiteral), `${asset} holds Russian messages`).toBe(false);
      if (!asset.endsWith('.js')) continue;
      // English is bundled, already parsed: its text is there, its ICU source with the argument in braces is not.
      expect(holds('Nothing found for'), 'English messages bundled').toBe(true);
      expect(holds('Nothing found for “{search}”'), 'English messages left as ICU text').toBe(false);
    }
    const chunks = readdirSync(join(dist, 'assets')).filter((file) => RUSSIAN_CHUNK.test(`/assets/${file}`));
    expect(chunks).toHaveLength(1);
    const chunk = readFileSync(join(dist, 'assets', chunks[0]!), 'utf8');
    expect(chunk.includes(russianLiteral), 'Russian messages in their chunk').toBe(true);
    for (const marker of PARSER_MARKERS) expect(chunk.includes(marker), `chunk holds ${marker}`).toBe(false);
  });
});

describe.each(dialects.slice(0, 1))('languages fetched as needed, in chromium, on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let user: SignedIn;

  /** A signed-in page at `path`, with the Russian chunk's requests and the first text drawn recorded. */
  const open = async (locale: string, path = '/', refuseRussian = false) => {
    // waitForFunction polls its predicate with eval, which the client's CSP forbids once the first check misses.
    const context = await newContext(browser, { locale, who: user, bypassCSP: true });
    if (refuseRussian) await context.route(RUSSIAN_CHUNK, (route) => route.abort());
    // The first mutation that puts text into #root is the first draw: it and <html lang> at that moment.
    await context.addInitScript({
      content: `new MutationObserver((_, observer) => {
        const root = document.getElementById('root');
        if (!root || !root.textContent) return;
        window.firstDraw = { text: root.textContent, lang: document.documentElement.lang };
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true, characterData: true });`,
    });
    const page = await context.newPage();
    const fetched: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (RUSSIAN_CHUNK.test(new URL(request.url()).pathname)) fetched.push(request.url());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(t.baseUrl + path);
    return { page, fetched, errors };
  };
  const firstDraw = (page: Page) =>
    page
      .waitForFunction('window.firstDraw')
      .then((handle) => handle.jsonValue() as Promise<{ text: string; lang: string }>);
  const htmlLang = (page: Page) => page.evaluate('document.documentElement.lang');

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    user = await t.login('ada@uni.example', { fullName: 'Ada Lovelace' });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('an English reader never fetches Russian; choosing it in settings does, and the page turns Russian', async () => {
    const { page, fetched, errors } = await open('en-US', '/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const first = await firstDraw(page);
    expect(first.lang).toBe('en');
    expect(first.text).not.toMatch(/[а-яё]/i);
    expect(fetched).toEqual([]);

    await page.getByLabel('Language').selectOption('ru');
    await page.getByRole('heading', { name: 'Настройки' }).waitFor();
    await page.getByRole('link', { name: 'Каталог' }).waitFor();
    await expect(htmlLang(page)).resolves.toBe('ru');
    expect(fetched).toHaveLength(1);
    // Back to English and to Russian again: the chunk is fetched once.
    await page.getByLabel('Язык').selectOption('en');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByLabel('Language').selectOption('ru');
    await page.getByRole('heading', { name: 'Настройки' }).waitFor();
    expect(fetched).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a Russian reader (browser or remembered choice) gets Russian from the first draw, <html lang=ru> with it', async () => {
    const browserRu = await open('ru-RU');
    const first = await firstDraw(browserRu.page);
    expect(first.lang).toBe('ru');
    expect(first.text).toMatch(/[а-яё]/i);
    for (const english of ['Catalog', 'Settings', 'Loading', 'Sign'])
      expect(first.text).not.toContain(english);
    await browserRu.page.getByRole('link', { name: 'Каталог' }).waitFor();
    expect(browserRu.fetched).toHaveLength(1);
    expect(browserRu.errors).toEqual([]);
    await browserRu.page.context().close();

    // An English browser whose user chose Russian before.
    const chosen = await open('en-US', '/settings');
    await chosen.page.getByLabel('Language').selectOption('ru');
    await chosen.page.getByRole('heading', { name: 'Настройки' }).waitFor();
    await chosen.page.reload();
    const again = await firstDraw(chosen.page);
    expect(again.lang).toBe('ru');
    expect(again.text).toMatch(/[а-яё]/i);
    expect(again.text).not.toContain('Settings');
    await chosen.page.context().close();
  });

  it('a Russian reader whose Russian chunk cannot be fetched still gets a working page, in English', async () => {
    const { page, fetched, errors } = await open('ru-RU', '/settings', true);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await expect(htmlLang(page)).resolves.toBe('en');
    expect(fetched.length).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Catalog' }).click();
    await page.getByRole('searchbox').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
