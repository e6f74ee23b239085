// Owners invite people by e-mail and see the pending invitations, which they may revoke.
import { type Invitation, MAX_EMAIL, type MemberRole } from '@miniapps/contract';
import { type FormEvent, useState } from 'react';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';

function InviteForm({ org, onInvited }: { org: string; onInvited(): void }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const action = useAction();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('member');
  const [recorded, setRecorded] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRecorded(null);
    void action.run(async () => {
      const answer = await api.request('POST /api/v1/orgs/:org/invitations', {
        params: { org },
        body: { email: email.trim(), role },
      });
      // The same answer whether or not the address has an account: the person sees it once signed in.
      setRecorded(answer.invitation.email);
      setEmail('');
      onInvited();
    });
  };
  return (
    <form className="form form-inline" onSubmit={submit} aria-label={t('console.org.inviteTitle')}>
      <input
        type="email"
        name="inviteEmail"
        aria-label={t('console.org.inviteEmail')}
        required
        maxLength={MAX_EMAIL}
        placeholder="colleague@example.org"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <select
        name="inviteRole"
        aria-label={t('console.org.role')}
        value={role}
        onChange={(e) => setRole(e.target.value as MemberRole)}
      >
        <option value="member">{t('console.roleOption', { role: 'member' })}</option>
        <option value="owner">{t('console.roleOption', { role: 'owner' })}</option>
      </select>
      <button type="submit" className="button" disabled={action.busy}>
        {t('console.org.invite')}
      </button>
      {recorded && (
        <p className="muted" role="status">
          {t('console.org.invited', { email: recorded })}
        </p>
      )}
      <ErrorNotice error={action.error} />
    </form>
  );
}

export function InvitationsPanel({ org, onChanged }: { org: string; onChanged(): void }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const format = useFormat();
  const revoke = useAction();
  const pending = useResource(
    () => api.request('GET /api/v1/orgs/:org/invitations', { params: { org } }).then((a) => a.invitations),
    [api, org],
  );
  const remove = (invitation: Invitation) => {
    if (!window.confirm(t('console.org.confirmRevoke', { email: invitation.email }))) return;
    void revoke.run(async () => {
      await api.request('DELETE /api/v1/orgs/:org/invitations/:id', { params: { org, id: invitation.id } });
      pending.reload();
      onChanged();
    });
  };
  return (
    <section>
      <h2>{t('console.org.inviteTitle')}</h2>
      <p className="muted">{t('console.org.inviteHint')}</p>
      <InviteForm
        org={org}
        onInvited={() => {
          pending.reload();
          onChanged();
        }}
      />
      <h3>{t('console.org.pending')}</h3>
      <ErrorNotice error={pending.error ?? revoke.error} />
      {pending.data === undefined ? (
        pending.loading && <Loading />
      ) : pending.data.length === 0 ? (
        <p className="muted">{t('console.org.noPending')}</p>
      ) : (
        <table className="table" aria-label={t('console.org.pending')}>
          <thead>
            <tr>
              <th>{t('console.org.email')}</th>
              <th>{t('console.org.role')}</th>
              <th>{t('console.org.invitedBy')}</th>
              <th>{t('console.org.expires')}</th>
              <th>{t('console.org.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {pending.data.map((invitation) => (
              <tr key={invitation.id}>
                <td>{invitation.email}</td>
                <td>{t('console.role', { role: invitation.role })}</td>
                <td>{invitation.invitedBy?.email ?? '—'}</td>
                <td>{format.date(invitation.expiresAt)}</td>
                <td>
                  <button
                    type="button"
                    className="button button-danger"
                    disabled={revoke.busy}
                    onClick={() => remove(invitation)}
                  >
                    {t('console.org.revoke')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
