// The README prints every shared signature vector, so the documentation cannot drift from the tests.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { vectors } from './helpers.js';

it('the README lists every test vector', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  for (const v of vectors) {
    expect(readme).toContain(
      `| \`${v.secret}\` | \`${v.appUserId}\` | \`${v.timestamp}\` | \`${v.signature}\` |`,
    );
  }
});
