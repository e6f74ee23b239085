// Settings: every app of the catalog with what the user grants it, and the way to change it.
import type { CatalogEntry, Consent } from '@miniapps/host';
import { pages } from '../api/paths.js';
import { useLanguage } from '../i18n/language.js';
import { LanguageSwitch } from '../i18n/language-switch.js';
import { useNames } from '../i18n/names.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';

interface Row {
  entry: CatalogEntry;
  consent: Consent;
}

export function SettingsPage() {
  const { host, user } = useSignedIn();
  const { t } = useLanguage();
  const names = useNames();
  const rows = useResource(async () => {
    // Every page of the catalog, not the first: an app asking for permissions may be the 500th.
    const entries: CatalogEntry[] = [];
    let cursor: string | undefined;
    do {
      const page = await host.catalog.list(cursor === undefined ? {} : { cursor });
      entries.push(...page.apps);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    const asking = entries.filter((entry) => entry.scopes.length > 0);
    return Promise.all(
      asking.map(
        async (entry): Promise<Row> => ({
          entry,
          consent: await host.consent.get({ org: entry.organizationId, slug: entry.slug }),
        }),
      ),
    );
  }, [host]);
  const grantedText = (consent: Consent) =>
    consent.updatedAt === null
      ? t('settings.notAsked')
      : consent.scopes.length === 0
        ? t('settings.grantsNothing')
        : names.scopes(consent.scopes);
  return (
    <div>
      <h1>{t('nav.settings')}</h1>
      <p className="muted">
        {user.group
          ? t('settings.signedInGroup', { name: user.fullName ?? user.email, group: user.group })
          : t('settings.signedIn', { name: user.fullName ?? user.email })}
      </p>
      <LanguageSwitch />
      <h2>{t('settings.permissions')}</h2>
      <ErrorNotice error={rows.error} />
      {rows.data === undefined ? (
        <Loading />
      ) : rows.data.length === 0 ? (
        <p className="muted">{t('settings.noPermissions')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>{t('settings.app')}</th>
              <th>{t('settings.asksFor')}</th>
              <th>{t('settings.youGrant')}</th>
              <th>
                <span className="visually-hidden">{t('settings.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.data.map(({ entry, consent }) => (
              <tr key={`${entry.organizationId}/${entry.slug}`}>
                <td>{entry.name}</td>
                <td>{names.scopes(consent.declared)}</td>
                <td>{grantedText(consent)}</td>
                <td>
                  <Link to={pages.consent(entry.organizationId, entry.slug)}>{t('settings.change')}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
