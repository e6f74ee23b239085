// The catalog: published mini-apps the signed-in user may open, searched by the platform.
import type { CatalogPage as Page } from '@miniapps/host';
import { type FormEvent, useEffect, useState } from 'react';
import { pages } from '../api/paths.js';
import { useLanguage } from '../i18n/language.js';
import { useNames } from '../i18n/names.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';
import { prefetchWhenIdle } from './prefetch.js';

export function CatalogPage() {
  const { host, user } = useSignedIn();
  const { t, language } = useLanguage();
  const names = useNames();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  // Pages of the platform's default size; "More" asks for the next one with the last page's cursor.
  const [more, setMore] = useState<Page[]>([]);
  const first = useResource(() => {
    setMore([]);
    return host.catalog.list(search ? { q: search } : {});
  }, [host, search]);
  const loading = useAction();
  const shown = first.data?.apps;
  // Never in the way: the icons and the start screens of the apps opened last, once the page is idle.
  useEffect(
    () => (shown ? prefetchWhenIdle(host, shown, user.id, language) : undefined),
    [host, shown, user.id, language],
  );
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
      <h1>{t('catalog.title')}</h1>
      <search>
        <form className="buttons" onSubmit={submit}>
          <input
            type="search"
            name="q"
            aria-label={t('catalog.searchLabel')}
            placeholder={t('catalog.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button type="submit" className="button button-secondary">
            {t('catalog.search')}
          </button>
        </form>
      </search>
      <ErrorNotice error={first.error} />
      {apps === undefined ? (
        <Loading />
      ) : apps.length === 0 ? (
        <p className="muted">{search ? t('catalog.nothingFound', { search }) : t('catalog.empty')}</p>
      ) : (
        <>
          <section className="catalog" aria-label={t('nav.catalog')}>
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
                  {entry.category ? ` · ${names.category(entry.category)}` : ''}
                </div>
                {entry.description && <p className="catalog-description">{entry.description}</p>}
                {entry.scopes.length > 0 && (
                  <div className="muted">{t('catalog.asksFor', { scopes: names.scopes(entry.scopes) })}</div>
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
                {loading.busy ? t('common.loading') : t('catalog.more')}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
