// The way back from a page of one app (its statistics, its form responses): console › organization › app.
import { pages } from '../api/paths.js';
import { useLanguage } from '../i18n/language.js';
import { Link } from '../router.js';

export function AppCrumbs({ org, slug }: { org: string; slug: string }) {
  const { t } = useLanguage();
  return (
    <p className="crumbs">
      <Link to="/console">{t('nav.console')}</Link> › <Link to={pages.consoleOrg(org)}>{org}</Link> ›{' '}
      <Link to={pages.consoleApp(org, slug)}>{slug}</Link> ›
    </p>
  );
}
