// The way to an app's usage statistics: the link on its console page, and the page itself loaded on demand (it brings uPlot).
import { lazy, Suspense } from 'react';
import { pages } from '../api/paths.js';
import { useLanguage } from '../i18n/language.js';
import { Link } from '../router.js';
import { Loading } from '../ui/widgets.js';

export const STATS_ROUTE = '/console/orgs/:org/apps/:slug/stats';

export function StatsLink({ org, slug }: { org: string; slug: string }) {
  const { t } = useLanguage();
  return (
    <p>
      <Link to={pages.consoleStats(org, slug)}>{t('stats.link')}</Link>
    </p>
  );
}

// A chunk of its own: the charting library stays out of the client's main bundle.
const StatsPage = lazy(() => import('./stats-page.js'));

export function LazyStatsPage({ org, slug }: { org: string; slug: string }) {
  return (
    <Suspense fallback={<Loading />}>
      <StatsPage org={org} slug={slug} />
    </Suspense>
  );
}
