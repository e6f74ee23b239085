// An organization's members with their roles: owners change roles and remove people, a member may leave.

import type { Member, MemberRole } from '@miniapps/contract';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { navigateTo } from '../router.js';
import { useSignedIn } from '../session.js';
import { useAction } from '../ui/use-resource.js';
import { ErrorNotice } from '../ui/widgets.js';

export function MembersPanel({
  org,
  role,
  members,
  onChanged,
}: {
  org: string;
  role: MemberRole;
  members: Member[];
  onChanged(): void;
}) {
  const { api, user } = useSignedIn();
  const { t } = useLanguage();
  const format = useFormat();
  const action = useAction();
  const params = (member: Member) => ({ org, userId: member.userId });

  const changeRole = (member: Member) => {
    const next = member.role === 'owner' ? 'member' : 'owner';
    if (!window.confirm(t('console.org.confirmRole', { email: member.email, role: next }))) return;
    void action.run(async () => {
      await api.request('PATCH /api/v1/orgs/:org/members/:userId', {
        params: params(member),
        body: { role: next },
      });
      onChanged();
    });
  };
  const remove = (member: Member) => {
    const self = member.userId === user.id;
    const question = self
      ? t('console.org.confirmLeave', { org })
      : t('console.org.confirmRemove', { email: member.email });
    if (!window.confirm(question)) return;
    void action.run(async () => {
      await api.request('DELETE /api/v1/orgs/:org/members/:userId', { params: params(member) });
      if (self) navigateTo('/console');
      else onChanged();
    });
  };

  return (
    <>
      <table className="table" aria-label={t('console.org.members')}>
        <thead>
          <tr>
            <th>{t('console.org.email')}</th>
            <th>{t('console.org.memberName')}</th>
            <th>{t('console.org.role')}</th>
            <th>{t('console.org.since')}</th>
            <th>{t('console.org.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const self = member.userId === user.id;
            return (
              <tr key={member.userId}>
                <td>
                  {member.email} {self && <span className="muted">{t('console.org.you')}</span>}
                </td>
                <td>{member.fullName ?? '—'}</td>
                <td>{t('console.role', { role: member.role })}</td>
                <td>{format.date(member.createdAt)}</td>
                <td>
                  <div className="buttons">
                    {role === 'owner' && (
                      <button
                        type="button"
                        className="button button-secondary"
                        disabled={action.busy}
                        onClick={() => changeRole(member)}
                      >
                        {t('console.org.makeRole', { role: member.role === 'owner' ? 'member' : 'owner' })}
                      </button>
                    )}
                    {(role === 'owner' || self) && (
                      <button
                        type="button"
                        className="button button-danger"
                        disabled={action.busy}
                        onClick={() => remove(member)}
                      >
                        {self ? t('console.org.leave') : t('console.org.remove')}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ErrorNotice error={action.error} />
    </>
  );
}
