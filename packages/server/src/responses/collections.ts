// The collections of a hosted app's version: its collecting forms (@miniapps/schema collectingForms) by name,
// read from the stored screens once per version (a version's screens never change).
import { type CollectingForm, collectingForms } from '@miniapps/schema';
import type { Executor } from '../db/database.js';

/** Versions kept in memory; a version's collections are a few small objects. */
const MAX_CACHED = 1000;
const cache = new Map<string, Map<string, CollectingForm>>();

/**
 * Each collection of the app's version by name; when several forms collect under one name, the first by screen
 * path and place on the screen states the rules and fields (docs/decisions.md "Form responses").
 */
export async function collectionsOf(
  db: Executor,
  app: { id: string; version: number | null },
): Promise<ReadonlyMap<string, CollectingForm>> {
  if (app.version === null) return new Map();
  const key = `${app.id}:${app.version}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const rows = await db
    .selectFrom('screens')
    .select(['path', 'json'])
    .where('appId', '=', app.id)
    .where('version', '=', app.version)
    .orderBy('path')
    .execute();
  const byName = new Map<string, CollectingForm>();
  for (const row of rows) {
    for (const form of collectingForms(JSON.parse(row.json))) {
      if (!byName.has(form.rules.name)) byName.set(form.rules.name, form);
    }
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, byName);
  return byName;
}
