// What the two languages cost the web client: the client built twice in one run, as shipped and with the i18n parts
// stubbed out (every message catalogue empty, intl-messageformat a class returning its text), gzipped at level 9.
// The difference, per reader's language, is the i18n share (target at most 15 KB gzipped, issue 22). The stubbed
// build keeps the message keys at each call site where an English-only client would have its texts inline, so the
// share is measured without those texts twice.
// Run: npm run bench:web:i18n
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, loadConfigFromFile, type Plugin } from 'vite';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '../../packages/web');
const TARGET_BYTES = 15 * 1024;

/** Catalogues of the client and the renderer (…/i18n/<lang>/<area>.json, …/i18n/<lang>.json) and the ICU library. */
const catalogue = /[\\/]i18n[\\/](?:[a-z]{2}[\\/][a-z-]+|[a-z]{2})\.json$/;
const withoutI18n: Plugin = {
  name: 'without-i18n',
  enforce: 'pre',
  resolveId(id) {
    return id === 'intl-messageformat' ? '\0stub-intl-messageformat' : null;
  },
  load(id) {
    if (id === '\0stub-intl-messageformat') {
      return 'export class IntlMessageFormat { constructor(m) { this.m = m; } format() { return this.m; } }';
    }
    return catalogue.test(id.split('?')[0] ?? '') ? '{}' : null;
  },
};

const gzipped = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * The client built with its own vite.config.ts (less the step that builds <miniapp-view> into dist/embed) plus
 * `plugins`: the gzipped size of what index.html loads, and of the catalogues fetched later (messages-<lang> chunks).
 */
async function clientGzipped(plugins: Plugin[]): Promise<{ entry: number; lazy: Record<string, number> }> {
  const outDir = mkdtempSync(join(tmpdir(), 'miniapps-i18n-size-'));
  try {
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      join(web, 'vite.config.ts'),
    );
    const own = (loaded?.config.plugins ?? [])
      .flat()
      .filter((p): p is Plugin => p !== null && typeof p === 'object' && 'name' in p)
      .filter((p) => p.name !== 'miniapps-embed-element');
    await build({
      ...loaded?.config,
      configFile: false,
      logLevel: 'warn',
      build: { ...loaded?.config.build, outDir, emptyOutDir: true },
      plugins: [...plugins, ...own],
    });
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    if (assets.length === 0) throw new Error(`no assets in ${readdirSync(outDir).join(', ')}`);
    const entry = assets.reduce((sum, asset) => sum + gzipped(join(outDir, asset)), 0);
    const lazy: Record<string, number> = {};
    for (const file of readdirSync(join(outDir, 'assets'))) {
      const language = /^messages-([a-z]{2})-/.exec(file)?.[1];
      if (language) lazy[language] = (lazy[language] ?? 0) + gzipped(join(outDir, 'assets', file));
    }
    return { entry, lazy };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const shipped = await clientGzipped([]);
const stubbed = await clientGzipped([withoutI18n]);
console.log(
  `client without i18n (empty catalogues, no ICU library): ${kb(stubbed.entry)} gzipped (baseline)`,
);
console.log(`client as shipped, what index.html loads: ${kb(shipped.entry)} gzipped`);
// A reader of a language fetched later loads its chunk too; English (bundled) is the entry alone.
const readers: Record<string, number> = { en: shipped.entry - stubbed.entry };
for (const [language, bytes] of Object.entries(shipped.lazy)) {
  console.log(`  ${language} catalogue fetched on start: ${kb(bytes)} gzipped`);
  readers[language] = shipped.entry + bytes - stubbed.entry;
}
for (const [language, share] of Object.entries(readers)) {
  console.log(
    `i18n share for a reader in ${language}: ${kb(share)} gzipped (target <= ${kb(TARGET_BYTES)}); ` +
      `with i18n / without = ${((stubbed.entry + share) / stubbed.entry).toFixed(3)}`,
  );
  if (share > TARGET_BYTES) {
    console.error(`the two languages cost a reader in ${language} ${kb(share)}, over ${kb(TARGET_BYTES)}`);
    process.exitCode = 1;
  }
}
