// An organization's members with their roles: owners change roles and remove people, a member may leave.

import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { navigateTo } from '../router.js';
import { useSignedIn } from '../session.js';
import { useAction } from '../ui/use-resource.js';
import { ErrorNotice } from '../ui/widgets.js';
import type { Member } from './org-types.js';

export function MembersPanel({
  org,
  role,
  members,
  onChanged,
}: {
  org: string;
  role: 'owner' | 'member';
  members: Member[];
  onChanged(): void;
}) {
  const { http: api, user } = useSignedIn();
  const { t } = useLanguage();
  const format = useFormat();
  const action = useAction();
  const path = (member: Member) =>
    `/api/v1/orgs/${encodeURIComponent(org)}/members/${encodeURIComponent(member.userId)}`;

  const changeRole = (member: Member) => {
    const next = member.role === 'owner' ? 'member' : 'owner';
    if (!window.confirm(t('console.org.confirmRole', { email: member.email, role: next }))) return;
    void action.run(async () => {
      await api.patch(path(member), { role: next });
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
      await api.delete(path(member));
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
