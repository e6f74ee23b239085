// The catalog: published mini-apps the signed-in user may open.
import { scopeLabels } from '@miniapps/react';
import { pages } from '../api/paths.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';

export function CatalogPage() {
  const { host } = useSignedIn();
  const catalog = useResource(() => host.catalog.list().then((page) => page.apps), [host]);
  return (
    <div>
      <h1>Mini-apps</h1>
      <ErrorNotice error={catalog.error} />
      {catalog.data === undefined ? (
        <Loading />
      ) : catalog.data.length === 0 ? (
        <p className="muted">No mini-apps are published yet.</p>
      ) : (
        <section className="catalog" aria-label="Catalog">
          {catalog.data.map((entry) => (
            <Link
              key={`${entry.organizationId}/${entry.slug}`}
              to={pages.app(entry.organizationId, entry.slug)}
              className="catalog-item"
            >
              <h2>{entry.name}</h2>
              <div className="muted">{entry.organizationName}</div>
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
