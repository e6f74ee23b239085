// The graph of relative imports between a tree's TypeScript modules, and the loops in it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(path) && !path.endsWith('.d.ts') ? [path] : [];
  });
}

/** Where a relative import specifier leads: `./a.js` is `a.ts` or `a.tsx` on disk. */
function resolveImport(from: string, name: string): string {
  const base = resolve(dirname(from), name.replace(/\.jsx?$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return `${base}.ts`;
}

/** Each module's relative imports (type-only ones too: they tie the files as much), read by TypeScript. */
export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
    graph.set(
      file,
      importedFiles
        .map((imported) => imported.fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => resolveImport(file, name)),
    );
  }
  return graph;
}

/** Every loop a depth-first walk meets, as the chain of files (relative to `root`) from a module back to itself. */
export function cycles(graph: ImportGraph, root: string): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found.map((cycle) => cycle.map((file) => relative(root, file)));
}

/**
 * Pairs of top folders of `root` that import each other (`a ⇄ b`), each with one import of each way. Files at the
 * root itself (the composition root and the shared kernel: app.ts, platform.ts, errors.ts…) belong to no folder.
 */
export function foldersImportingEachOther(graph: ImportGraph, root: string): string[] {
  const folderOf = (file: string) => {
    const parts = relative(root, file).split('/');
    return parts.length > 1 ? parts[0] : undefined;
  };
  const example = new Map<string, string>();
  for (const [file, imports] of graph) {
    for (const target of imports) {
      const from = folderOf(file);
      const to = folderOf(target);
      if (from && to && from !== to)
        example.set(`${from}→${to}`, `${relative(root, file)} → ${relative(root, target)}`);
    }
  }
  return [...example]
    .filter(([edge]) => {
      const [from = '', to = ''] = edge.split('→');
      return from < to && example.has(`${to}→${from}`);
    })
    .map(([edge, one]) => {
      const [from = '', to = ''] = edge.split('→');
      return `${from} ⇄ ${to} (${one}; ${example.get(`${to}→${from}`)})`;
    });
}
