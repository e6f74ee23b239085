// Developer console home: invitations waiting for the user, their organizations, creating one, deploy tokens.
import { type FormEvent, useState } from 'react';
import { useLanguage } from '../i18n/language.js';
import { useRich } from '../i18n/rich.js';
import { Link, navigateTo } from '../router.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';
import { MyInvitations } from './my-invitations.js';

function CreateOrgForm() {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const action = useAction();
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const answer = await api.request('POST /api/v1/orgs', { body: { id: id.trim(), name: name.trim() } });
      navigateTo(`/console/orgs/${encodeURIComponent(answer.organization.id)}`);
    });
  };
  return (
    <form className="form card" onSubmit={submit} aria-label={t('console.newOrg.title')}>
      <h2>{t('console.newOrg.title')}</h2>
      <div className="form-row">
        <label>
          {t('console.newOrg.id')}
          <input
            name="orgId"
            required
            pattern="[a-z0-9]([a-z0-9\-]*[a-z0-9])?"
            minLength={2}
            maxLength={63}
            placeholder="acme-university"
            value={id}
            onChange={(e) => setId(e.target.value)}
          />
        </label>
        <label>
          {t('console.name')}
          <input
            name="orgName"
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
      </div>
      <p className="muted">{t('console.newOrg.idHint')}</p>
      <ErrorNotice error={action.error} />
      <button type="submit" className="button" disabled={action.busy}>
        {t('console.newOrg.create')}
      </button>
    </form>
  );
}

export function ConsoleHomePage() {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const rich = useRich();
  const orgs = useResource(() => api.request('GET /api/v1/orgs').then((a) => a.organizations), [api]);
  return (
    <div>
      <h1>{t('nav.console')}</h1>
      <p>
        {rich('console.home.tokensIntro', {
          link: (chunks) => <Link to="/console/tokens">{chunks}</Link>,
        })}
      </p>
      <MyInvitations onJoined={orgs.reload} />
      <h2>{t('console.home.organizations')}</h2>
      <ErrorNotice error={orgs.error} />
      {orgs.data === undefined ? (
        orgs.loading && <Loading />
      ) : orgs.data.length === 0 ? (
        <p className="muted">{t('console.home.noOrganizations')}</p>
      ) : (
        <ul className="link-list">
          {orgs.data.map((org) => (
            <li key={org.id}>
              <Link to={`/console/orgs/${encodeURIComponent(org.id)}`}>{org.name}</Link>{' '}
              <span className="muted">
                {org.id}
                {org.role && ` · ${t('console.role', { role: org.role })}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <CreateOrgForm />
    </div>
  );
}
