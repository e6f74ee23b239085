// The moderator's decisions on one app: approve, reject with a reason, suspend (optionally revoking
// notifications), unsuspend. Each is offered only where the app's status allows it.

import type { App, AppStatus } from '@miniapps/contract';
import { type FormEvent, useState } from 'react';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { useAction } from '../ui/use-resource.js';
import { ErrorNotice } from '../ui/widgets.js';

export interface DecisionPanelProps {
  org: string;
  slug: string;
  status: AppStatus | undefined;
  /** The head version the moderator looked at; approve refuses if a newer one arrived meanwhile. */
  reviewedVersion: number | undefined;
  onDecided(app: App): void;
}

export function DecisionPanel({ org, slug, status, reviewedVersion, onDecided }: DecisionPanelProps) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const action = useAction();
  const [reason, setReason] = useState('');
  const [revokeNotifications, setRevokeNotifications] = useState(false);
  const params = { org, slug };
  /** Runs one decision's call; each answers the app as it now is. */
  const decide = (call: () => Promise<{ app: App }>) =>
    action.run(async () => {
      const answer = await call();
      setReason('');
      onDecided(answer.app);
    });
  const needsReason = (decision: 'reject' | 'suspend') => (event: FormEvent) => {
    event.preventDefault();
    const body = { reason: reason.trim() };
    void decide(() =>
      decision === 'suspend'
        ? api.request('POST /api/v1/moderation/apps/:org/:slug/suspend', {
            params,
            body: { ...body, revokeNotifications },
          })
        : api.request('POST /api/v1/moderation/apps/:org/:slug/reject', { params, body }),
    );
  };
  const inReview = status === 'pending_review';
  const suspended = status === 'suspended';
  return (
    <section className="card" aria-label={t('decision.title')}>
      <h2>{t('decision.title')}</h2>
      <ErrorNotice error={action.error} />
      {inReview && (
        <div className="buttons">
          <button
            type="button"
            className="button"
            disabled={action.busy}
            onClick={() =>
              decide(() =>
                api.request('POST /api/v1/moderation/apps/:org/:slug/approve', {
                  params,
                  body: reviewedVersion === undefined ? {} : { version: reviewedVersion },
                }),
              )
            }
          >
            {reviewedVersion === undefined
              ? t('decision.approve')
              : t('decision.approveVersion', { version: reviewedVersion })}
          </button>
        </div>
      )}
      {suspended ? (
        <div className="buttons">
          <button
            type="button"
            className="button"
            disabled={action.busy}
            onClick={() =>
              decide(() =>
                api.request('POST /api/v1/moderation/apps/:org/:slug/unsuspend', { params, body: {} }),
              )
            }
          >
            {t('decision.unsuspend')}
          </button>
        </div>
      ) : (
        <form
          className="form"
          onSubmit={(event) => event.preventDefault()}
          aria-label={t('decision.reasonForm')}
        >
          <label>
            {t('decision.reason')}
            <textarea
              name="reason"
              rows={3}
              maxLength={2000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <label className="check">
            <input
              type="checkbox"
              name="revokeNotifications"
              checked={revokeNotifications}
              onChange={(e) => setRevokeNotifications(e.target.checked)}
            />
            {t('decision.revokeNotifications')}
          </label>
          <div className="buttons">
            {inReview && (
              <button
                type="button"
                className="button button-secondary"
                disabled={action.busy || !reason.trim()}
                onClick={needsReason('reject')}
              >
                {t('decision.reject')}
              </button>
            )}
            <button
              type="button"
              className="button button-danger"
              disabled={action.busy || !reason.trim()}
              onClick={needsReason('suspend')}
            >
              {t('decision.suspend')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
