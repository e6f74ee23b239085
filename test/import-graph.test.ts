// Every package's modules import each other in no loop, and migrations import nothing of the application.
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, foldersImportingEachOther, importGraph } from './helpers/import-graph.js';

const packages = resolve(import.meta.dirname, '../packages');
const names = readdirSync(packages).filter((name) => readdirSync(join(packages, name)).includes('src'));

describe('import graph', () => {
  it.each(names)('%s: no import cycle', (name) => {
    const src = join(packages, name, 'src');
    const graph = importGraph(src);
    expect(graph.size).toBeGreaterThan(0);
    expect(cycles(graph, src)).toEqual([]);
  });

  it('finds a loop when there is one', () => {
    const a = join(packages, 'a.ts');
    const b = join(packages, 'b.ts');
    const graph = new Map([
      [a, [b]],
      [b, [a]],
    ]);
    expect(cycles(graph, packages)).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });

  it('no two server folders import each other (shared infrastructure lives in its own folder)', () => {
    const src = join(packages, 'server/src');
    expect(foldersImportingEachOther(importGraph(src), src)).toEqual([]);
  });

  it('finds two folders that import each other', () => {
    const root = join(packages, 'x');
    const graph = new Map([
      [join(root, 'a/one.ts'), [join(root, 'b/two.ts'), join(root, 'errors.ts')]],
      [join(root, 'b/two.ts'), [join(root, 'a/three.ts')]],
      [join(root, 'errors.ts'), [join(root, 'a/one.ts')]],
    ]);
    expect(foldersImportingEachOther(graph, root)).toEqual([
      'a ⇄ b (a/one.ts → b/two.ts; b/two.ts → a/three.ts)',
    ]);
  });

  it('migrations import no application code (frozen in time)', () => {
    const migrations = join(packages, 'server/src/db/migrations');
    const graph = importGraph(migrations);
    expect(graph.size).toBeGreaterThan(10);
    const outside = [...graph].flatMap(([file, imports]) =>
      imports
        .filter((target) => !target.startsWith(migrations))
        .map((target) => `${relative(migrations, file)} → ${relative(packages, target)}`),
    );
    expect(outside).toEqual([]);
  });
});
