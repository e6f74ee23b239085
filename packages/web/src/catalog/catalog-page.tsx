// The catalog: published mini-apps the signed-in user may open, searched by the platform.
import type { CatalogPage as Page } from '@miniapps/host';
import { scopeLabels } from '@miniapps/react';
import { type FormEvent, useState } from 'react';
import { pages } from '../api/paths.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';

export function CatalogPage() {
  const { host } = useSignedIn();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  // Pages of the platform's default size; "More" asks for the next one with the last page's cursor.
  const [more, setMore] = useState<Page[]>([]);
  const first = useResource(() => {
    setMore([]);
    return host.catalog.list(search ? { q: search } : {});
  }, [host, search]);
  const loading = useAction();
  const apps = first.data && [...first.data.apps, ...more.flatMap((page) => page.apps)];
  const cursor = (more.at(-1) ?? first.data)?.nextCursor;
  const loadMore = (after: string) =>
    loading.run(async () => {
      const page = await host.catalog.list(search ? { q: search, cursor: after } : { cursor: after });
      setMore((pages) => [...pages, page]);
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(query.trim());
  };
  return (
    <div>
      <h1>Mini-apps</h1>
      <search>
        <form className="buttons" onSubmit={submit}>
          <input
            type="search"
            name="q"
            aria-label="Search mini-apps"
            placeholder="Search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button type="submit" className="button button-secondary">
            Search
          </button>
        </form>
      </search>
      <ErrorNotice error={first.error} />
      {apps === undefined ? (
        <Loading />
      ) : apps.length === 0 ? (
        <p className="muted">
          {search ? `Nothing found for “${search}”.` : 'No mini-apps are published yet.'}
        </p>
      ) : (
        <>
          <section className="catalog" aria-label="Catalog">
            {apps.map((entry) => (
              <Link
                key={`${entry.organizationId}/${entry.slug}`}
                to={pages.app(entry.organizationId, entry.slug)}
                className="catalog-item"
              >
                {entry.icon && (
                  <img className="catalog-icon" src={entry.icon} alt="" referrerPolicy="no-referrer" />
                )}
                <h2>{entry.name}</h2>
                <div className="muted">
                  {entry.organizationName}
                  {entry.category ? ` · ${entry.category}` : ''}
                </div>
                {entry.description && <p className="catalog-description">{entry.description}</p>}
                {entry.scopes.length > 0 && (
                  <div className="muted">
                    Asks for: {entry.scopes.map((s) => scopeLabels[s].title.toLowerCase()).join(', ')}
                  </div>
                )}
              </Link>
            ))}
          </section>
          <ErrorNotice error={loading.error} />
          {cursor !== undefined && (
            <div className="buttons">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => loadMore(cursor)}
                disabled={loading.busy}
              >
                {loading.busy ? 'Loading…' : 'More'}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
