// The way to a hosted app's form responses: the link on its console page, and the page itself loaded on demand.
import { lazy, Suspense } from 'react';
import { pages } from '../api/paths.js';
import { useLanguage } from '../i18n/language.js';
import { Link } from '../router.js';
import { Loading } from '../ui/widgets.js';

export const RESPONSES_ROUTE = '/console/orgs/:org/apps/:slug/responses';

export function ResponsesLink({ org, slug }: { org: string; slug: string }) {
  const { t } = useLanguage();
  return (
    <p>
      <Link to={pages.consoleResponses(org, slug)}>{t('responses.link')}</Link>
    </p>
  );
}

// A chunk of its own: owners open it now and then, every user loads the main bundle.
const ResponsesPage = lazy(() => import('./responses-page.js'));

export function LazyResponsesPage({ org, slug }: { org: string; slug: string }) {
  return (
    <Suspense fallback={<Loading />}>
      <ResponsesPage org={org} slug={slug} />
    </Suspense>
  );
}
