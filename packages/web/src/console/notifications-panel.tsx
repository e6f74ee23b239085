// Pushes an app sent, newest first, with their audience and delivery counts, and how to send one.

import type { App, SentNotification } from '@miniapps/contract';
import { DAILY_PUSH_QUOTA } from '@miniapps/contract';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useRich } from '../i18n/rich.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';

function Totals({ list }: { list: SentNotification[] }) {
  const rich = useRich();
  const sum = (pick: (n: SentNotification) => number) => list.reduce((total, n) => total + pick(n), 0);
  return (
    <p data-testid="notification-totals">
      <span className="stat">{rich('console.push.count', { count: list.length })}</span>
      <span className="stat">{rich('console.push.reached', { count: sum((n) => n.delivered) })}</span>
      <span className="stat">{rich('console.push.accepted', { count: sum((n) => n.accepted) })}</span>
      <span className="stat">{rich('console.push.failed', { count: sum((n) => n.failed) })}</span>
    </p>
  );
}

export function NotificationsPanel({ app }: { app: App }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const rich = useRich();
  const format = useFormat();
  const list = useResource(
    () =>
      api
        .request('GET /api/v1/orgs/:org/apps/:slug/notifications', {
          params: { org: app.organizationId, slug: app.slug },
        })
        .then((a) => a.notifications),
    [api, app.organizationId, app.slug],
  );
  const declared = (app.live?.scopes ?? app.scopes).includes('notifications');
  return (
    <section>
      {!declared && <p className="notice notice-warning">{rich('console.push.undeclared')}</p>}
      <p className="muted">
        {rich('console.push.howTo', {
          body: JSON.stringify({
            organizationId: app.organizationId,
            slug: app.slug,
            title: '…',
            body: '…',
            page: '/…',
          }),
          limit: DAILY_PUSH_QUOTA,
        })}
      </p>
      <ErrorNotice error={list.error} />
      {list.data === undefined ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <p className="muted">{t('console.push.none')}</p>
      ) : (
        <>
          <Totals list={list.data} />
          <table className="table">
            <thead>
              <tr>
                <th>{t('console.push.sent')}</th>
                <th>{t('console.push.titleAndText')}</th>
                <th>{t('console.push.page')}</th>
                <th>{t('console.push.audience')}</th>
                <th>{t('console.push.delivered')}</th>
                <th>{t('console.push.devices')}</th>
                <th>{t('console.push.tokensRemoved')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((n) => (
                <tr key={n.id}>
                  <td>{format.date(n.createdAt)}</td>
                  <td>
                    <strong>{n.sentTitle}</strong>
                    <br />
                    {n.body}
                  </td>
                  <td>{n.page ?? '—'}</td>
                  <td>{format.number(n.users)}</td>
                  <td>{format.number(n.delivered)}</td>
                  <td>
                    {format.number(n.accepted)} / {format.number(n.failed)} / {format.number(n.pending)}
                  </td>
                  <td>{format.number(n.tokensRemoved)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
