// One organization: its mini-apps with their status, its members, and invitations (owners).
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useRich } from '../i18n/rich.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading, StatusBadge } from '../ui/widgets.js';
import { InvitationsPanel } from './invitations-panel.js';
import { MembersPanel } from './members-panel.js';

export function OrgPage({ org }: { org: string }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const rich = useRich();
  const format = useFormat();
  const details = useResource(() => api.request('GET /api/v1/orgs/:org', { params: { org } }), [api, org]);
  const apps = useResource(
    () => api.request('GET /api/v1/orgs/:org/apps', { params: { org } }).then((a) => a.apps),
    [api, org],
  );
  if (details.error) return <ErrorNotice error={details.error} />;
  if (!details.data) return <Loading />;
  const { organization, role, members } = details.data;
  return (
    <div>
      <p className="crumbs">
        <Link to="/console">{t('nav.console')}</Link> ›
      </p>
      <h1>{organization.name}</h1>
      <p className="muted">{rich('console.org.about', { id: organization.id, role })}</p>

      <section>
        <div className="section-head">
          <h2>{t('console.org.apps')}</h2>
          <Link to={`/console/orgs/${encodeURIComponent(org)}/create`} className="button">
            {t('console.org.createApp')}
          </Link>
        </div>
        <ErrorNotice error={apps.error} />
        {apps.data === undefined ? (
          <Loading />
        ) : apps.data.length === 0 ? (
          <p className="muted">{t('console.org.noApps')}</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th>{t('console.org.app')}</th>
                <th>{t('console.source')}</th>
                <th>{t('console.org.status')}</th>
                <th>{t('console.version')}</th>
                <th>{t('console.org.live')}</th>
              </tr>
            </thead>
            <tbody>
              {apps.data.map((app) => (
                <tr key={app.slug}>
                  <td>
                    <Link
                      to={`/console/orgs/${encodeURIComponent(org)}/apps/${encodeURIComponent(app.slug)}`}
                    >
                      {app.name}
                    </Link>{' '}
                    <span className="muted">{app.slug}</span>
                  </td>
                  <td>{t('console.sourceKind', { kind: app.sourceKind })}</td>
                  <td>
                    <StatusBadge status={app.status} />
                  </td>
                  <td>{app.sourceKind === 'hosted' ? format.number(app.version) : '—'}</td>
                  <td>
                    {app.liveVersion !== null
                      ? format.number(app.liveVersion)
                      : app.live
                        ? t('console.org.liveYes')
                        : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section>
        <h2>{t('console.org.members')}</h2>
        <MembersPanel org={org} role={role} members={members} onChanged={details.reload} />
        {role !== 'owner' && <p className="muted">{t('console.org.ownersOnly')}</p>}
      </section>
      {role === 'owner' && <InvitationsPanel org={org} onChanged={details.reload} />}
    </div>
  );
}
