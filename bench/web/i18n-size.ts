// What the two languages cost the web client, gzipped at level 9 (target at most 15 KB more than without
// i18n). The client is built twice in one run with its own vite config: as shipped, and as an English-only client
// would be: the English texts kept as plain strings, no Russian catalogue, no ICU library (a class handing back its
// text). A reader in English loads what index.html loads; a reader in Russian also the catalogue fetched on start.
// Run: npm run bench:web:i18n
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, loadConfigFromFile, type Plugin } from 'vite';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '../../packages/web');
const TARGET_BYTES = 15 * 1024;

/** Catalogues of the client and the renderer: …/i18n/<lang>/<area>.json and …/i18n/<lang>.json. */
const catalogue = /[\\/]i18n[\\/](?:([a-z]{2})[\\/][a-z-]+|([a-z]{2}))\.json$/;
const englishOnly: Plugin = {
  name: 'english-only',
  enforce: 'pre',
  resolveId(id, importer) {
    if (id === 'intl-messageformat') return '\0stub-intl-messageformat';
    const path = importer && id.startsWith('.') ? resolve(dirname(importer), id) : id;
    const match = catalogue.exec(path);
    if (!match) return null;
    // Out of reach of the build's own catalogue steps (ids starting with \0 are no files).
    return (match[1] ?? match[2]) === 'en' ? `\0plain:${path}.js` : '\0empty-catalogue';
  },
  load(id) {
    if (id === '\0stub-intl-messageformat') {
      return 'export class IntlMessageFormat { constructor(m) { this.m = m; } format() { return this.m; } }';
    }
    if (id === '\0empty-catalogue') return 'export default {};';
    if (id.startsWith('\0plain:'))
      return `export default ${readFileSync(id.slice('\0plain:'.length, -'.js'.length), 'utf8')};`;
    return null;
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
const english = await clientGzipped([englishOnly]);
console.log(`English-only client (plain texts, no ICU library): ${kb(english.entry)} gzipped (baseline)`);
console.log(`client as shipped, what index.html loads: ${kb(shipped.entry)} gzipped`);
// A reader of a language fetched later loads its chunk too; English (bundled) is the entry alone.
const readers: Record<string, number> = { en: shipped.entry - english.entry };
for (const [language, bytes] of Object.entries(shipped.lazy)) {
  console.log(`  ${language} catalogue fetched on start: ${kb(bytes)} gzipped`);
  readers[language] = shipped.entry + bytes - english.entry;
}
for (const [language, share] of Object.entries(readers)) {
  console.log(
    `growth from i18n for a reader in ${language}: ${kb(share)} gzipped (target <= ${kb(TARGET_BYTES)}); ` +
      `shipped / English-only = ${((english.entry + share) / english.entry).toFixed(3)}`,
  );
  if (share > TARGET_BYTES) {
    console.error(`a reader in ${language} loads ${kb(share)} more, over ${kb(TARGET_BYTES)}`);
    process.exitCode = 1;
  }
}
