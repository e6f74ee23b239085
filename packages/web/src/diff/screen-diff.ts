// What changed between two sets of screens, path by path: added, removed, changed (with a line diff) or same.
import { type DiffLine, diffLines } from './line-diff.js';

export interface ScreenItem {
  path: string;
  title?: string;
  json: unknown;
}

export interface ScreenChange {
  path: string;
  kind: 'added' | 'removed' | 'changed' | 'same';
  lines: DiffLine[];
}

/** The text both sides are compared as: the title line, then the JSON with sorted keys, two spaces. */
function screenText(screen: ScreenItem | undefined): string[] {
  if (!screen) return [];
  const title = screen.title === undefined ? [] : [`title: ${screen.title}`];
  return [...title, ...JSON.stringify(sortKeys(screen.json), null, 2).split('\n')];
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  // `type` and `actionType` first: they say what the object is.
  const keys = Object.keys(value).sort((x, y) => rank(x) - rank(y) || (x < y ? -1 : x > y ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]));
}

function rank(key: string): number {
  return key === 'type' || key === 'actionType' ? 0 : 1;
}

/** Changes from `before` to `after`, ordered by path; unchanged screens are listed as `same`. */
export function diffScreens(before: readonly ScreenItem[], after: readonly ScreenItem[]): ScreenChange[] {
  const old = new Map(before.map((screen) => [screen.path, screen]));
  const now = new Map(after.map((screen) => [screen.path, screen]));
  const paths = [...new Set([...old.keys(), ...now.keys()])].sort();
  return paths.map((path) => {
    const a = screenText(old.get(path));
    const b = screenText(now.get(path));
    const lines = diffLines(a, b);
    const kind = !old.has(path)
      ? 'added'
      : !now.has(path)
        ? 'removed'
        : lines.every((line) => line.op === 'same')
          ? 'same'
          : 'changed';
    return { path, kind, lines };
  });
}
