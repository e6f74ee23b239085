// The pseudonymous app-user id an origin sees: the same user gets one id per app, never the real one.
import { createHmac } from 'node:crypto';

/**
 * HMAC-SHA256 under a key derived from the platform key, over the app id and the user id:
 * stable across restarts (the key persists), different in every app, and not reversible.
 */
export function appUserId(appUserKey: Buffer, appId: string, userId: string): string {
  return createHmac('sha256', appUserKey).update(`${appId}:${userId}`).digest('hex');
}

/** Remembers computed ids (bounded), since the same users call the same apps all day. */
export function createAppUserIds(
  appUserKey: Buffer,
  maxEntries = 50_000,
): (appId: string, userId: string) => string {
  const known = new Map<string, string>();
  return (appId, userId) => {
    const key = `${appId}|${userId}`;
    let id = known.get(key);
    if (id === undefined) {
      id = appUserId(appUserKey, appId, userId);
      if (known.size >= maxEntries) known.delete(known.keys().next().value!);
      known.set(key, id);
    }
    return id;
  };
}
