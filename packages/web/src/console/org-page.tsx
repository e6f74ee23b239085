// One organization: its mini-apps with their status, its members, and adding members (owners).
import { type FormEvent, useState } from 'react';
import type { App, Member, Organization } from '../api/types.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice, formatDate, Loading, StatusBadge } from '../ui/widgets.js';

interface OrgAnswer {
  organization: Organization;
  role: 'owner' | 'member';
  members: Member[];
}

function AddMemberForm({ org, onAdded }: { org: string; onAdded(): void }) {
  const { api } = useSignedIn();
  const action = useAction();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'owner'>('member');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      await api.post(`/api/v1/orgs/${encodeURIComponent(org)}/members`, { email: email.trim(), role });
      setEmail('');
      onAdded();
    });
  };
  return (
    <form className="form form-inline" onSubmit={submit} aria-label="Add member">
      <input
        type="email"
        name="memberEmail"
        aria-label="Member's e-mail"
        required
        placeholder="colleague@example.org"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <select
        name="memberRole"
        aria-label="Role"
        value={role}
        onChange={(e) => setRole(e.target.value as 'member' | 'owner')}
      >
        <option value="member">Member</option>
        <option value="owner">Owner</option>
      </select>
      <button type="submit" className="button" disabled={action.busy}>
        Add member
      </button>
      <ErrorNotice error={action.error} />
    </form>
  );
}

export function OrgPage({ org }: { org: string }) {
  const { api } = useSignedIn();
  const base = `/api/v1/orgs/${encodeURIComponent(org)}`;
  const details = useResource(() => api.get<OrgAnswer>(base), [api, base]);
  const apps = useResource(() => api.get<{ apps: App[] }>(`${base}/apps`).then((a) => a.apps), [api, base]);
  if (details.error) return <ErrorNotice error={details.error} />;
  if (!details.data) return <Loading />;
  const { organization, role, members } = details.data;
  return (
    <div>
      <p className="crumbs">
        <Link to="/console">Developer console</Link> ›
      </p>
      <h1>{organization.name}</h1>
      <p className="muted">
        Organization id <code>{organization.id}</code> · you are {role === 'owner' ? 'an owner' : 'a member'}
      </p>

      <section>
        <div className="section-head">
          <h2>Mini-apps</h2>
          <Link to={`/console/orgs/${encodeURIComponent(org)}/create`} className="button">
            Create mini-app
          </Link>
        </div>
        <ErrorNotice error={apps.error} />
        {apps.data === undefined ? (
          <Loading />
        ) : apps.data.length === 0 ? (
          <p className="muted">No mini-apps yet.</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th>App</th>
                <th>Source</th>
                <th>Status</th>
                <th>Version</th>
                <th>Live</th>
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
                  <td>{app.sourceKind}</td>
                  <td>
                    <StatusBadge status={app.status} />
                  </td>
                  <td>{app.sourceKind === 'hosted' ? app.version : '—'}</td>
                  <td>{app.liveVersion ?? (app.live ? 'yes' : '—')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section>
        <h2>Members</h2>
        <table className="table">
          <thead>
            <tr>
              <th>E-mail</th>
              <th>Name</th>
              <th>Role</th>
              <th>Since</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.userId}>
                <td>{member.email}</td>
                <td>{member.fullName ?? '—'}</td>
                <td>{member.role}</td>
                <td>{formatDate(member.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {role === 'owner' ? (
          <AddMemberForm org={org} onAdded={details.reload} />
        ) : (
          <p className="muted">Only owners add members.</p>
        )}
      </section>
    </div>
  );
}
