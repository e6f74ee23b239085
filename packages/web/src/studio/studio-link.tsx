// The way to a hosted app's screen studio: the link on its console page, and the page itself loaded on demand.
import { lazy, Suspense } from 'react';
import { pages } from '../api/paths.js';
import { useLanguage } from '../i18n/language.js';
import { Link } from '../router.js';
import { Loading } from '../ui/widgets.js';

export const STUDIO_ROUTE = '/console/orgs/:org/apps/:slug/studio';

export function StudioLink({ org, slug }: { org: string; slug: string }) {
  const { t } = useLanguage();
  return (
    <p>
      <Link to={pages.consoleStudio(org, slug)}>{t('studio.link')}</Link>
    </p>
  );
}

// A chunk of its own with the editor (CodeMirror): only developers who open the studio load it.
const StudioPage = lazy(() => import('./studio-page.js'));

export function LazyStudioPage({ org, slug }: { org: string; slug: string }) {
  return (
    <Suspense fallback={<Loading />}>
      <StudioPage org={org} slug={slug} />
    </Suspense>
  );
}
