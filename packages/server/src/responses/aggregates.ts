// What a hosted screen may read of a collection (`${responses.<name>…}`): totals, places left, a count per option
// of the choice fields, and the user's own latest response; never another user's values.
import type { CollectingForm } from '@miniapps/schema';

export interface MyResponse {
  id: string;
  values: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface Aggregates {
  count: number;
  /** Places left under `capacity`; null without one. */
  left: number | null;
  closed: boolean;
  /** Per field of a select, checkbox or switch: responses by value (`true`/`false` for a box); free text never. */
  counts: Record<string, Record<string, number>>;
  /** The user's latest response, or null. */
  mine: MyResponse | null;
}

interface Row {
  id: string;
  userId: string;
  values: string;
  createdAt: string;
  updatedAt: string;
}

/** The aggregates of `rows` (oldest first) as `userId` may see them. */
export function aggregatesOf(
  form: CollectingForm,
  rows: readonly Row[],
  userId: string,
  closed: boolean,
): Aggregates {
  const counts: Record<string, Record<string, number>> = {};
  const counted = form.fields.filter(
    (field) => field.type === 'boolean' || field.type === 'choice' || field.type === 'choices',
  );
  for (const field of counted) {
    // Every known option from 0, so a screen shows "0" rather than nothing before the first vote.
    const start = field.type === 'boolean' ? ['true', 'false'] : (field.options ?? []);
    counts[field.name] = Object.fromEntries(start.map((value) => [value, 0]));
  }
  let mine: Row | undefined;
  for (const row of rows) {
    if (row.userId === userId) mine = row;
    if (counted.length === 0) continue;
    const values = JSON.parse(row.values) as Record<string, unknown>;
    for (const field of counted) {
      const value = values[field.name];
      const tally = counts[field.name]!;
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
        const key = String(one);
        tally[key] = (tally[key] ?? 0) + 1;
      }
    }
  }
  const { capacity } = form.rules;
  return {
    count: rows.length,
    left: capacity === undefined ? null : Math.max(0, capacity - rows.length),
    closed,
    counts,
    mine: mine
      ? {
          id: mine.id,
          values: JSON.parse(mine.values) as Record<string, unknown>,
          createdAt: mine.createdAt,
          updatedAt: mine.updatedAt,
        }
      : null,
  };
}
