// Settings: every app of the catalog with what the user grants it, and the way to change it.
import type { CatalogEntry, Consent } from '@miniapps/host';
import { scopeLabels } from '@miniapps/react';
import { pages } from '../api/paths.js';
import { useLanguage } from '../i18n/language.js';
import { LanguageSwitch } from '../i18n/language-switch.js';
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
      ? 'not asked yet'
      : consent.scopes.length === 0
        ? 'nothing'
        : consent.scopes.map((s) => scopeLabels[s].title).join(', ');
  return (
    <div>
      <h1>{t('nav.settings')}</h1>
      <p className="muted">
        Signed in as {user.fullName ?? user.email}
        {user.group ? `, group ${user.group}` : ''}. Apps receive only what you grant them.
      </p>
      <LanguageSwitch />
      <h2>App permissions</h2>
      <ErrorNotice error={rows.error} />
      {rows.data === undefined ? (
        <Loading />
      ) : rows.data.length === 0 ? (
        <p className="muted">No app asks for permissions.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>App</th>
              <th>Asks for</th>
              <th>You grant</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.data.map(({ entry, consent }) => (
              <tr key={`${entry.organizationId}/${entry.slug}`}>
                <td>{entry.name}</td>
                <td>{consent.declared.map((s) => scopeLabels[s].title).join(', ')}</td>
                <td>{grantedText(consent)}</td>
                <td>
                  <Link to={pages.consent(entry.organizationId, entry.slug)}>Change</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
