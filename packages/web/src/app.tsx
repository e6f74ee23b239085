// The client's shell: the session, the navigation bar and the page chosen by the address.
import { type ReactNode, useEffect, useState } from 'react';
import { pages } from './api/paths.js';
import { AppPage } from './catalog/app-page.js';
import { CatalogPage } from './catalog/catalog-page.js';
import { ConsentSettingsPage } from './catalog/consent-settings-page.js';
import { SettingsPage } from './catalog/settings-page.js';
import { SignInPage } from './catalog/sign-in-page.js';
import { clientSettings } from './client-settings.js';
import { AppConsolePage } from './console/app-console-page.js';
import { ConsoleHomePage } from './console/console-home-page.js';
import { CreateAppPage } from './console/create-app-page.js';
import { OrgPage } from './console/org-page.js';
import { LazyStatsPage, STATS_ROUTE } from './console/stats-link.js';
import { TokensPage } from './console/tokens-page.js';
import { LanguageProvider, useLanguage } from './i18n/language.js';
import { InboxBell } from './inbox/bell.js';
import { InboxPage } from './inbox/inbox-page.js';
import { InboxProvider } from './inbox/inbox-state.js';
import { ModerationQueuePage } from './moderation/queue-page.js';
import { ReviewPage } from './moderation/review-page.js';
import { InstallableNotices, InstallButton } from './offline/installable-notices.js';
import { LazyResponsesPage, RESPONSES_ROUTE } from './responses/responses-link.js';
import { Link, matchPath, useLocation } from './router.js';
import { isModerator, SessionProvider, useSession } from './session.js';
import { LazyStudioPage, STUDIO_ROUTE } from './studio/studio-link.js';
import { Loading } from './ui/widgets.js';

interface Route {
  pattern: string;
  page: (params: Record<string, string>) => ReactNode;
  moderatorOnly?: boolean;
}

const routes: Route[] = [
  { pattern: '/', page: () => <CatalogPage /> },
  { pattern: '/apps/:org/:slug', page: (p) => <AppPage org={p.org!} slug={p.slug!} /> },
  { pattern: '/settings', page: () => <SettingsPage /> },
  { pattern: pages.inbox, page: () => <InboxPage /> },
  { pattern: '/settings/apps/:org/:slug', page: (p) => <ConsentSettingsPage org={p.org!} slug={p.slug!} /> },
  { pattern: '/console', page: () => <ConsoleHomePage /> },
  { pattern: '/console/tokens', page: () => <TokensPage /> },
  { pattern: '/console/orgs/:org', page: (p) => <OrgPage org={p.org!} /> },
  { pattern: '/console/orgs/:org/create', page: (p) => <CreateAppPage org={p.org!} /> },
  { pattern: '/console/orgs/:org/apps/:slug', page: (p) => <AppConsolePage org={p.org!} slug={p.slug!} /> },
  { pattern: STATS_ROUTE, page: (p) => <LazyStatsPage org={p.org!} slug={p.slug!} /> },
  { pattern: RESPONSES_ROUTE, page: (p) => <LazyResponsesPage org={p.org!} slug={p.slug!} /> },
  { pattern: STUDIO_ROUTE, page: (p) => <LazyStudioPage org={p.org!} slug={p.slug!} /> },
  { pattern: '/moderation', page: () => <ModerationQueuePage />, moderatorOnly: true },
  {
    pattern: '/moderation/apps/:org/:slug',
    page: (p) => <ReviewPage org={p.org!} slug={p.slug!} />,
    moderatorOnly: true,
  },
];

function NavBar() {
  const { user, signOut } = useSession();
  const { path } = useLocation();
  const { t } = useLanguage();
  // The window's title (tabs, history, screen readers) in the page's language too.
  useEffect(() => {
    document.title = t('nav.brand');
  }, [t]);
  // On a phone the links fold into a menu; a new page closes it.
  const [openOn, setOpenOn] = useState<string | undefined>();
  const menuOpen = openOn === path;
  const section = (prefix: string) =>
    (prefix === '/' ? path === '/' || path.startsWith('/apps/') : path.startsWith(prefix))
      ? 'page'
      : undefined;
  return (
    <nav className="nav" aria-label={t('nav.main')}>
      <Link to="/" className="nav-brand">
        {t('nav.brand')}
      </Link>
      {user && (
        <>
          <button
            type="button"
            className="button button-secondary nav-toggle"
            aria-expanded={menuOpen}
            aria-controls="nav-menu"
            onClick={() => setOpenOn(menuOpen ? undefined : path)}
          >
            {t('nav.menu')}
          </button>
          <div id="nav-menu" className={menuOpen ? 'nav-menu nav-menu-open' : 'nav-menu'}>
            <Link to="/" aria-current={section('/')}>
              {t('nav.catalog')}
            </Link>
            <Link to="/settings" aria-current={section('/settings')}>
              {t('nav.settings')}
            </Link>
            <Link to="/console" aria-current={section('/console')}>
              {t('nav.console')}
            </Link>
            <InboxBell current={section(pages.inbox)} />
            {isModerator(user) && (
              <Link to="/moderation" aria-current={section('/moderation')}>
                {t('nav.moderation')}
              </Link>
            )}
            <InstallButton />
            <span className="nav-user" title={user.email}>
              {user.fullName ?? user.email}
              {isModerator(user) && <span className="badge">{t('nav.moderatorRole')}</span>}
            </span>
            <button type="button" className="button button-text" onClick={signOut}>
              {t('nav.signOut')}
            </button>
          </div>
        </>
      )}
    </nav>
  );
}

function CurrentPage() {
  const { user, loading, unreachable, retry } = useSession();
  const { path } = useLocation();
  const { t } = useLanguage();
  if (loading) return <Loading />;
  if (!user && unreachable) {
    return (
      <p className="notice">
        {t('offline.unchecked')}{' '}
        <button type="button" className="button button-secondary" onClick={retry}>
          {t('offline.retry')}
        </button>
      </p>
    );
  }
  if (!user) return <SignInPage devLogin={clientSettings.devLogin} />;
  for (const route of routes) {
    const params = matchPath(route.pattern, path);
    if (!params) continue;
    if (route.moderatorOnly && !isModerator(user)) {
      return <p className="notice">{t('page.moderatorsOnly')}</p>;
    }
    return route.page(params);
  }
  return (
    <div>
      <h1>{t('page.notFound')}</h1>
      <p>
        {t('page.notFoundText', { path })} <Link to="/">{t('page.backToCatalog')}</Link>
      </p>
    </div>
  );
}

/** The development inbox (polling, the bell's count) wraps the signed-in pages only where the platform turns it on. */
function WithInbox({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!clientSettings.devInbox || !user) return children;
  return <InboxProvider key={user.id}>{children}</InboxProvider>;
}

export function App() {
  return (
    <LanguageProvider>
      <SessionProvider>
        <WithInbox>
          <NavBar />
          <main className="main">
            <InstallableNotices />
            <CurrentPage />
          </main>
        </WithInbox>
      </SessionProvider>
    </LanguageProvider>
  );
}
