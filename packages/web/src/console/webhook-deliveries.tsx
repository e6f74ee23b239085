// One endpoint's delivery log: each event sent, every attempt (time, status or error, duration), retry by hand.

import type { DeliveryAttempt as Attempt, Delivery } from '@miniapps/contract';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';
import { outcomeOf } from './webhook-types.js';

function AttemptLine({ attempt }: { attempt: Attempt }) {
  const { t } = useLanguage();
  const format = useFormat();
  const outcome = outcomeOf(attempt.error, attempt.status);
  return (
    <li data-testid="webhook-attempt">
      {format.date(attempt.at)} · <code>{outcome}</code>
      {attempt.error && attempt.status !== null && <code> HTTP {attempt.status}</code>} ·{' '}
      {t('webhooks.duration', { ms: format.number(attempt.durationMs) })}
    </li>
  );
}

export function WebhookDeliveries({
  params,
  canRetry,
}: {
  params: { org: string; slug: string; id: string };
  canRetry: boolean;
}) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const format = useFormat();
  const log = useResource(
    () => api.request('GET /api/v1/orgs/:org/apps/:slug/webhooks/:id/deliveries', { params }),
    [api, params.org, params.slug, params.id],
  );
  const action = useAction();
  const retry = (delivery: Delivery) =>
    action.run(async () => {
      await api.request('POST /api/v1/orgs/:org/apps/:slug/webhooks/:id/deliveries/:deliveryId/retry', {
        params: { ...params, deliveryId: delivery.id },
      });
      log.reload();
    });
  if (log.error) return <ErrorNotice error={log.error} />;
  if (!log.data) return <Loading />;
  const { deliveries } = log.data;
  return (
    <div className="webhook-deliveries">
      <div className="buttons">
        <button type="button" className="button button-secondary" onClick={log.reload} disabled={log.loading}>
          {t('webhooks.refresh')}
        </button>
      </div>
      <ErrorNotice error={action.error} />
      {deliveries.length === 0 ? (
        <p className="muted">{t('webhooks.noDeliveries')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>{t('webhooks.col.event')}</th>
              <th>{t('webhooks.col.status')}</th>
              <th>{t('webhooks.col.attempts')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <tr key={d.id} data-testid="webhook-delivery">
                <td>
                  <code>{d.type}</code>
                  <br />
                  <span className="muted">{format.date(d.createdAt)}</span>
                </td>
                <td>
                  {t(`webhooks.status.${d.status}`)}
                  {d.nextAttemptAt && (
                    <>
                      <br />
                      <span className="muted">
                        {t('webhooks.nextAttempt', { date: format.date(d.nextAttemptAt) })}
                      </span>
                    </>
                  )}
                </td>
                <td>
                  <ol className="attempts">
                    {d.attempts.map((a) => (
                      <AttemptLine key={a.at} attempt={a} />
                    ))}
                  </ol>
                </td>
                <td>
                  {canRetry && d.status !== 'pending' && (
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => retry(d)}
                      disabled={action.busy}
                    >
                      {t('webhooks.retry')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
