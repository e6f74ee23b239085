// Opening a mini-app: <MiniApp> asks for consent and draws the app through the proxy; the address mirrors its page.
// The breadcrumb names the app (its catalog entry), links to its permissions and offers pinning it to the home screen.
import { MiniApp } from '@miniapps/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { pages } from '../api/paths.js';
import { clientSettings } from '../client-settings.js';
import { useLanguage } from '../i18n/language.js';
import { appManifest, useAppManifest } from '../offline/app-manifest.js';
import { InstallButton } from '../offline/installable-notices.js';
import { Link, navigateTo, useLocation } from '../router.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { rememberOpened } from './prefetch.js';

export function AppPage({ org, slug }: { org: string; slug: string }) {
  const { host, user } = useSignedIn();
  const { language, t } = useLanguage();
  // The catalog prefetches the apps opened last (prefetch.ts).
  useEffect(() => rememberOpened(user.id, `${org}/${slug}`), [user.id, org, slug]);
  const { query } = useLocation();
  // The deep link is read once: later moves only mirror the page into the address bar.
  const [deepLink] = useState(() => query.get('page') ?? undefined);
  const [startParam] = useState(() => query.get('startapp') ?? undefined);
  const mirror = useCallback(
    ({ link }: { link: string }) => {
      const url = `${pages.app(org, slug)}?page=${encodeURIComponent(link)}`;
      if (window.location.pathname + window.location.search !== url)
        window.history.replaceState(null, '', url);
    },
    [org, slug],
  );
  // The name users see in the catalog; a missing app is <MiniApp>'s to explain, so the crumb just stays short.
  const entry = useResource(() => host.catalog.get({ org, slug }), [host, org, slug]);
  useAppManifest(org, slug, entry.data?.name);
  const effects = useMemo(() => ({ navigate: mirror, close: () => navigateTo('/') }), [mirror]);
  return (
    <div>
      <p className="crumbs">
        <Link to="/">{t('nav.catalog')}</Link> ›{' '}
        {entry.data && (
          <>
            <span aria-current="page">{entry.data.name}</span> ·{' '}
            <Link to={pages.consent(org, slug)}>{t('catalog.permissions')}</Link>
            <InstallButton manifest={appManifest(org, slug, entry.data.name)} className="crumbs-pin" />
          </>
        )}
      </p>
      <MiniApp
        host={host}
        app={{ org, slug }}
        path={deepLink}
        startParam={startParam}
        launchSource={startParam !== undefined || deepLink !== undefined ? 'link' : 'catalog'}
        mode={clientSettings.env === 'production' ? 'production' : 'development'}
        effects={effects}
        lang={language}
        mapLink={clientSettings.mapLink}
      />
    </div>
  );
}
