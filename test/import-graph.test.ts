// Every package's modules import each other in no loop, and migrations import nothing of the application.
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from './helpers/import-graph.js';

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
