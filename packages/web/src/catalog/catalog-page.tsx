// The catalog: published mini-apps the signed-in user may open, searched by the platform.
import { scopeLabels } from '@miniapps/react';
import { type FormEvent, useState } from 'react';
import { pages } from '../api/paths.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';

export function CatalogPage() {
  const { host } = useSignedIn();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const catalog = useResource(
    () => host.catalog.list(search ? { q: search, limit: 100 } : { limit: 100 }).then((page) => page.apps),
    [host, search],
  );
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
      <ErrorNotice error={catalog.error} />
      {catalog.data === undefined ? (
        <Loading />
      ) : catalog.data.length === 0 ? (
        <p className="muted">
          {search ? `Nothing found for “${search}”.` : 'No mini-apps are published yet.'}
        </p>
      ) : (
        <section className="catalog" aria-label="Catalog">
          {catalog.data.map((entry) => (
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
      )}
    </div>
  );
}
