// Line diff by longest common subsequence, with unchanged runs folded to a few lines of context.

export interface DiffLine {
  op: 'same' | 'added' | 'removed';
  text: string;
}

/** Past this many cells the table would be slow to build; such diffs show as a whole replacement. */
const MAX_CELLS = 4_000_000;

export function diffLines(before: readonly string[], after: readonly string[]): DiffLine[] {
  // Common head and tail cost nothing and usually leave a small middle.
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail++;
  }
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const same = (text: string): DiffLine => ({ op: 'same', text });
  const middle =
    a.length * b.length > MAX_CELLS
      ? [
          ...a.map((text): DiffLine => ({ op: 'removed', text })),
          ...b.map((text): DiffLine => ({ op: 'added', text })),
        ]
      : lcsDiff(a, b);
  return [...before.slice(0, head).map(same), ...middle, ...before.slice(before.length - tail).map(same)];
}

function lcsDiff(a: readonly string[], b: readonly string[]): DiffLine[] {
  const width = b.length + 1;
  // lengths[i * width + j] = LCS length of a[i..] and b[j..]
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ op: 'same', text: a[i]! });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      lines.push({ op: 'removed', text: a[i++]! });
    } else {
      lines.push({ op: 'added', text: b[j++]! });
    }
  }
  while (i < a.length) lines.push({ op: 'removed', text: a[i++]! });
  while (j < b.length) lines.push({ op: 'added', text: b[j++]! });
  return lines;
}

export type Hunk = DiffLine | { op: 'skipped'; count: number };

/** Keeps `context` unchanged lines around each change and folds the rest into `skipped` markers. */
export function foldContext(lines: readonly DiffLine[], context = 3): Hunk[] {
  const keep = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, index) => {
    if (line.op === 'same') return;
    for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++)
      keep[k] = true;
  });
  const hunks: Hunk[] = [];
  let skipped = 0;
  lines.forEach((line, index) => {
    if (keep[index]) {
      if (skipped > 0) hunks.push({ op: 'skipped', count: skipped });
      skipped = 0;
      hunks.push(line);
    } else {
      skipped++;
    }
  });
  if (skipped > 0) hunks.push({ op: 'skipped', count: skipped });
  return hunks;
}
