// A page's state (or an app's storage) with per-path subscriptions: a change redraws only the widgets that read it.
import { lookupPath, pathKey } from '@miniapps/schema';

type Listener = () => void;
type Path = readonly (string | number)[];

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

/** A copy of `target` with `value` at `path` (from step `at` on); the containers on the way are copied. */
function setIn(target: unknown, path: Path, at: number, value: unknown): unknown {
  if (at === path.length) return value;
  const key = path[at] as string | number;
  if (Array.isArray(target) && typeof key === 'number') {
    const copy = target.slice();
    copy[key] = setIn(target[key], path, at + 1, value);
    return copy;
  }
  const base = isContainer(target) && !Array.isArray(target) ? target : {};
  return { ...base, [key]: setIn(base[key as string], path, at + 1, value) };
}

/** Whether a change at one key can change what a reader of the other key sees (one is a prefix of the other). */
function overlaps(a: string, b: string): boolean {
  if (a.length === b.length) return a === b;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return long.startsWith(short) && long.charCodeAt(short.length) === 46; // "."
}

export class ValueStore {
  private root: Record<string, unknown>;
  private readonly listeners = new Map<Listener, readonly string[]>();
  /** Grows on every change: a reader that rendered before a change it was not yet subscribed to can tell. */
  version = 0;

  constructor(root: Record<string, unknown>) {
    this.root = root;
  }

  /** The whole value (`{state: …}`), replaced, never changed in place, on every set. */
  snapshot(): Record<string, unknown> {
    return this.root;
  }

  get(path: Path): unknown {
    return lookupPath(this.root, path);
  }

  set(path: Path, value: unknown): void {
    if (Object.is(this.get(path), value)) return;
    this.root = setIn(this.root, path, 0, value) as Record<string, unknown>;
    this.version++;
    const changed = pathKey(path);
    for (const [listener, keys] of this.listeners) {
      if (keys.some((key) => overlaps(key, changed))) listener();
    }
  }

  /** Calls `listener` after each change that touches one of `keys` (dotted paths, see pathKey). */
  subscribe(keys: readonly string[], listener: Listener): () => void {
    this.listeners.set(listener, keys);
    return () => this.listeners.delete(listener);
  }
}
