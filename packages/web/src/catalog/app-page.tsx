// Opening a mini-app: its catalog entry, the first-launch consent, then the app through the proxy.
import { useCallback, useMemo, useState } from 'react';
import { consentPath, pages } from '../api/paths.js';
import { proxyHost } from '../api/proxy-host.js';
import type { CatalogEntry, Consent } from '../api/types.js';
import { clientSettings } from '../client-settings.js';
import { MiniAppRuntime } from '../renderer/runtime.js';
import { Link, navigateTo, useLocation } from '../router.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';
import { rememberAsked, scopesToAsk } from './asked-scopes.js';
import { ConsentDialog } from './consent-dialog.js';

interface Opening {
  entry: CatalogEntry;
  consent: Consent;
}

export function AppPage({ org, slug }: { org: string; slug: string }) {
  const { api } = useSignedIn();
  const { query } = useLocation();
  // The deep link is read once: later moves only mirror the page into the address bar.
  const [deepLink] = useState(() => query.get('page') ?? undefined);
  const [decided, setDecided] = useState<Consent | null>(null);
  const opening = useResource<Opening>(async () => {
    const [catalog, consent] = await Promise.all([
      api.get<{ app: CatalogEntry }>(
        `/api/v1/catalog/${encodeURIComponent(org)}/${encodeURIComponent(slug)}`,
      ),
      api.get<Consent>(consentPath(org, slug)),
    ]);
    return { entry: catalog.app, consent };
  }, [api, org, slug]);
  const host = useMemo(() => proxyHost(api, org, slug), [api, org, slug]);
  const mirror = useCallback(
    (link: string) => {
      const url = `${pages.app(org, slug)}?page=${encodeURIComponent(link)}`;
      if (window.location.pathname + window.location.search !== url)
        window.history.replaceState(null, '', url);
    },
    [org, slug],
  );
  const leave = useCallback(() => navigateTo('/'), []);

  if (opening.error) return <ErrorNotice error={opening.error} />;
  if (!opening.data) return <Loading />;
  const { entry } = opening.data;
  const consent = decided ?? opening.data.consent;
  const toAsk = decided ? [] : scopesToAsk(org, slug, consent);
  return (
    <div>
      <p className="crumbs">
        <Link to="/">Catalog</Link> › <Link to={pages.consent(org, slug)}>Permissions</Link>
      </p>
      {toAsk.length > 0 ? (
        <ConsentDialog
          org={org}
          slug={slug}
          appName={entry.name}
          declared={consent.declared}
          granted={consent.scopes}
          newScopes={consent.updatedAt === null ? [] : toAsk}
          onDecided={(chosen) => {
            rememberAsked(org, slug, chosen.declared);
            setDecided(chosen);
          }}
          onCancel={leave}
        />
      ) : (
        <MiniAppRuntime
          host={host}
          startPath={entry.startPath}
          initialPage={deepLink}
          mode={clientSettings.env === 'production' ? 'production' : 'development'}
          onNavigate={mirror}
          onExit={leave}
          title={entry.name}
        />
      )}
    </div>
  );
}
