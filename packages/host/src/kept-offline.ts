// Network first, the kept copy when the network fails: for answers that must be current whenever they can be
// (the catalog entry, the user's consent) yet let a known app open offline, or at once (`kept`) while they are asked.
import type { AnswerCache } from './answer-cache.js';
import { isHostError } from './errors.js';
import type { AppRef } from './types.js';

/** Kept with this mark instead of an ETag: these answers are read whole each time, never revalidated. */
const UNTAGGED = '*';

export async function keptOffline<T>(
  cache: AnswerCache | undefined,
  app: AppRef,
  kind: string,
  ask: () => Promise<T>,
): Promise<T> {
  const key = cache ? await cache.key(app, kind) : null;
  const since = cache?.epoch();
  try {
    const value = await ask();
    if (key) await cache?.write(key, UNTAGGED, value, since);
    return value;
  } catch (error) {
    if (key && isHostError(error) && error.code === 'network_error') {
      const held = await cache?.read(key);
      if (held) return held.body as T;
    }
    // A refusal (a suspended app, an ended session) is no reason to keep opening it from the cache.
    if (key && isHostError(error) && error.code !== 'network_error') await cache?.clear(app);
    throw error;
  }
}

/** The copy kept by `keptOffline`, without asking the platform; undefined when none (or no user to keep it for). */
export async function kept<T>(
  cache: AnswerCache | undefined,
  app: AppRef,
  kind: string,
): Promise<T | undefined> {
  const key = cache ? await cache.key(app, kind) : null;
  if (!key) return undefined;
  return (await cache?.read(key))?.body as T | undefined;
}
