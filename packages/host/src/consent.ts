// The user's consent per app: read it, grant and revoke scopes, and which scopes to ask before opening the app.

import type { AnswerCache } from './answer-cache.js';
import type { Api } from './api.js';
import { consentMemory, type KeyValueStore } from './consent-memory.js';
import { kept, keptOffline } from './kept-offline.js';
import { appOf } from './paths.js';
import type { AppRef, Consent, Scope } from './types.js';

/** What to do before opening an app: ask about `ask` (none: open at once). */
export interface ConsentPlan {
  consent: Consent;
  /**
   * Scopes to put before the user now: every declared one at first launch, new ones after an update, and
   * `revoked` ones.
   */
  ask: Scope[];
  /** True when the user chose before and an approved update declares scopes they were never shown. */
  update: boolean;
  /**
   * Scopes the user granted when this host last knew, still declared, but withdrawn since (in the platform's
   * settings, on another device): asked again once; an answer here, whatever it is, is the new choice.
   */
  revoked: Scope[];
}

function consentOf(answer: Consent): Consent {
  return { scopes: answer.scopes, declared: answer.declared, updatedAt: answer.updatedAt };
}

export function createConsent(api: Api, store: KeyValueStore, cache?: AnswerCache) {
  const memory = consentMemory(store);

  // Asked each time it can be (a consent withdrawn elsewhere must stop the app); the one kept opens it offline.
  const get = (app: AppRef) =>
    keptOffline(cache, app, 'consent', async () =>
      consentOf(await api.request('GET /api/v1/me/apps/:org/:slug/consent', { params: appOf(app) })),
    );

  /** Records exactly these scopes as the user's choice (an empty list: nothing, and do not ask again). */
  async function set(app: AppRef, scopes: readonly Scope[]): Promise<Consent> {
    const saved = consentOf(
      await api.request('PUT /api/v1/me/apps/:org/:slug/consent', {
        params: appOf(app),
        body: { scopes: [...scopes] },
      }),
    );
    const { org, slug } = appOf(app);
    await memory.remember(org, slug, saved.declared, saved.scopes);
    // What was kept of the app was shown under the consent before: a changed one starts from the platform again.
    await cache?.clear(app);
    return saved;
  }

  return {
    get,
    set,
    /** Adds scopes to what the user grants; a scope the app does not declare is refused (422 validation_failed). */
    async grant(app: AppRef, scopes: readonly Scope[]): Promise<Consent> {
      const current = await get(app);
      return set(app, [...new Set([...current.scopes, ...scopes])]);
    },
    /** Takes scopes back; without a list, every scope. */
    async revoke(app: AppRef, scopes?: readonly Scope[]): Promise<Consent> {
      if (scopes === undefined) return set(app, []);
      const current = await get(app);
      return set(
        app,
        current.scopes.filter((scope) => !scopes.includes(scope)),
      );
    },
    /** Reads the consent and says which scopes to ask about before the app opens. */
    plan: async (app: AppRef): Promise<ConsentPlan> => planOf(app, await get(app)),
    /**
     * The plan from the consent kept at the last `plan` for this user, without asking the platform: a warm open
     * draws from it while `plan` checks behind (a consent withdrawn elsewhere is caught there); undefined if none.
     */
    async keptPlan(app: AppRef): Promise<ConsentPlan | undefined> {
      const consent = await kept<Consent>(cache, app, 'consent');
      return consent && planOf(app, consent);
    },
  };

  async function planOf(app: AppRef, consent: Consent): Promise<ConsentPlan> {
    const { org, slug } = appOf(app);
    const { unseen, revoked } = await memory.review(org, slug, consent);
    const ask = [...unseen, ...revoked.filter((scope) => !unseen.includes(scope))];
    return { consent, ask, update: unseen.length > 0 && consent.updatedAt !== null, revoked };
  }
}
