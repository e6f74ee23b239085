// Takes the notifications scope away from an app: from what it declares (head and live) and from every consent.
import type { Executor } from '../db/database.js';
import type { AppRow, AppUpdate } from '../db/schema.js';
import { nowIso } from '../ids.js';

const NOTIFICATIONS = 'notifications';

function without(scopesText: string): string {
  return JSON.stringify((JSON.parse(scopesText) as string[]).filter((scope) => scope !== NOTIFICATIONS));
}

/** The app columns to change: declared scopes of the head and of the live copy. */
export function scopesWithoutNotifications(app: AppRow): Pick<AppUpdate, 'scopes' | 'liveScopes'> {
  return {
    scopes: without(app.scopes),
    liveScopes: app.liveScopes === null ? null : without(app.liveScopes),
  };
}

/** Removes the scope from every user's consent for the app; returns how many consents changed. */
export async function revokeNotificationConsents(db: Executor, appId: string): Promise<number> {
  // A LIKE prefilter keeps the scan to consents that can hold the scope; JSON is checked exactly below.
  const rows = await db
    .selectFrom('consents')
    .select(['userId', 'scopes'])
    .where('appId', '=', appId)
    .where('scopes', 'like', `%"${NOTIFICATIONS}"%`)
    .execute();
  const now = nowIso();
  let changed = 0;
  for (const row of rows) {
    const scopes = JSON.parse(row.scopes) as string[];
    if (!scopes.includes(NOTIFICATIONS)) continue;
    await db
      .updateTable('consents')
      .set({ scopes: without(row.scopes), updatedAt: now })
      .where('appId', '=', appId)
      .where('userId', '=', row.userId)
      .execute();
    changed++;
  }
  return changed;
}
