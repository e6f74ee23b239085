// The signed-in user's pending invitations on the console home, to accept or decline.

import type { MyInvitation } from '@miniapps/contract';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice } from '../ui/widgets.js';

export function MyInvitations({ onJoined }: { onJoined(): void }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const format = useFormat();
  const action = useAction();
  const invitations = useResource(
    () => api.request('GET /api/v1/me/invitations').then((a) => a.invitations),
    [api],
  );
  const respond = (invitation: MyInvitation, verb: 'accept' | 'decline') => {
    void action.run(async () => {
      const params = { id: invitation.id };
      if (verb === 'accept') await api.request('POST /api/v1/me/invitations/:id/accept', { params });
      else await api.request('POST /api/v1/me/invitations/:id/decline', { params });
      invitations.reload();
      if (verb === 'accept') onJoined();
    });
  };
  // Nothing to show until there is an invitation: most visits have none.
  if (!invitations.data?.length && !invitations.error && !action.error) return null;
  return (
    <section aria-label={t('console.home.invitations')}>
      <h2>{t('console.home.invitations')}</h2>
      <ErrorNotice error={invitations.error ?? action.error} />
      <ul className="link-list">
        {(invitations.data ?? []).map((invitation) => (
          <li key={invitation.id} data-invitation={invitation.organization.id}>
            {t('console.home.invitation', { org: invitation.organization.name, role: invitation.role })}{' '}
            <span className="muted">
              {t('console.home.invitationFrom', {
                inviter: invitation.invitedBy?.email ?? '—',
                until: format.date(invitation.expiresAt),
              })}
            </span>
            <div className="buttons">
              {(['accept', 'decline'] as const).map((verb) => (
                <button
                  key={verb}
                  type="button"
                  className={verb === 'accept' ? 'button' : 'button button-secondary'}
                  disabled={action.busy}
                  onClick={() => respond(invitation, verb)}
                >
                  {t(verb === 'accept' ? 'console.home.accept' : 'console.home.decline')}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
