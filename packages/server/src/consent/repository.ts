// Stored consents: the scopes each user granted each app.
import type { Executor } from '../db/database.js';
import type { ScopeName } from '../db/schema.js';
import { nowIso } from '../ids.js';
import { parseStoredScopes } from './scopes.js';

export interface Consent {
  scopes: ScopeName[];
  updatedAt: string;
}

export async function findConsent(db: Executor, userId: string, appId: string): Promise<Consent | undefined> {
  const row = await db
    .selectFrom('consents')
    .select(['scopes', 'updatedAt'])
    .where('userId', '=', userId)
    .where('appId', '=', appId)
    .executeTakeFirst();
  return row && { scopes: parseStoredScopes(row.scopes), updatedAt: row.updatedAt };
}

/** Replaces the user's grant for the app (an empty list withdraws every scope). */
export async function saveConsent(
  db: Executor,
  userId: string,
  appId: string,
  scopes: readonly ScopeName[],
  at: Date,
): Promise<Consent> {
  const updatedAt = nowIso(at);
  const json = JSON.stringify(scopes);
  await db
    .insertInto('consents')
    .values({ userId, appId, scopes: json, createdAt: updatedAt, updatedAt })
    .onConflict((oc) => oc.columns(['userId', 'appId']).doUpdateSet({ scopes: json, updatedAt }))
    .execute();
  return { scopes: [...scopes], updatedAt };
}
