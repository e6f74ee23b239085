// The catalog: apps the user may open, searched and paged by the platform, and one entry.
import type { AnswerCache } from './answer-cache.js';
import type { Api } from './api.js';
import { kept, keptOffline } from './kept-offline.js';
import { appOf } from './paths.js';
import type { AppRef, CatalogEntry, CatalogPage, CatalogQuery } from './types.js';

export function createCatalog(api: Api, cache?: AnswerCache) {
  return {
    /** One page of the catalog; `q`, `category`, `cursor` and `limit` go to the platform as they are. */
    async list(query: CatalogQuery = {}, signal?: AbortSignal): Promise<CatalogPage> {
      const answer = await api.request('GET /api/v1/catalog', {
        query: { q: query.q, category: query.category, cursor: query.cursor, limit: query.limit },
        ...(signal && { signal }),
      });
      const page: CatalogPage = { apps: answer.apps };
      if (typeof answer.nextCursor === 'string') page.nextCursor = answer.nextCursor;
      return page;
    },
    /** One app of the catalog; a missing or unpublished app is a HostError `not_found`. Offline, the one kept. */
    async get(app: AppRef): Promise<CatalogEntry> {
      return keptOffline(cache, app, 'catalog', async () => {
        return (await api.request('GET /api/v1/catalog/:org/:slug', { params: appOf(app) })).app;
      });
    },
    /** The entry kept from the last `get` for this user, without asking the platform (a warm open draws from it). */
    kept: (app: AppRef): Promise<CatalogEntry | undefined> => kept(cache, app, 'catalog'),
  };
}
