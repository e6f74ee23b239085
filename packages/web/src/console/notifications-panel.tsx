// Pushes an app sent, newest first, with their audience and delivery counts, and how to send one.
import { appPath } from '../api/paths.js';
import type { App } from '../api/types.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, formatDate, Loading } from '../ui/widgets.js';

export interface SentNotification {
  id: string;
  title: string;
  sentTitle: string;
  body: string;
  page: string | null;
  createdAt: string;
  users: number;
  delivered: number;
  devices: number;
  accepted: number;
  failed: number;
  tokensRemoved: number;
  pending: number;
  finishedAt: string | null;
}

function Totals({ list }: { list: SentNotification[] }) {
  const sum = (pick: (n: SentNotification) => number) => list.reduce((total, n) => total + pick(n), 0);
  return (
    <p data-testid="notification-totals">
      <span className="stat">
        <strong>{list.length}</strong> pushes
      </span>
      <span className="stat">
        <strong>{sum((n) => n.delivered)}</strong> users reached
      </span>
      <span className="stat">
        <strong>{sum((n) => n.accepted)}</strong> devices accepted
      </span>
      <span className="stat">
        <strong>{sum((n) => n.failed)}</strong> failed
      </span>
    </p>
  );
}

export function NotificationsPanel({ app }: { app: App }) {
  const { api } = useSignedIn();
  const path = `${appPath(app.organizationId, app.slug)}/notifications`;
  const list = useResource(
    () => api.get<{ notifications: SentNotification[] }>(path).then((a) => a.notifications),
    [api, path],
  );
  const declared = (app.live?.scopes ?? app.scopes).includes('notifications');
  return (
    <section>
      {!declared && (
        <p className="notice notice-warning">
          The app does not declare the <code>notifications</code> scope in its approved version, so pushes are
          refused.
        </p>
      )}
      <p className="muted">
        Send with a deploy token: <code>POST /functions/v1/miniapp-notify</code> with{' '}
        <code>
          {`{"organizationId":"${app.organizationId}","slug":"${app.slug}","title":"…","body":"…","page":"/…"}`}
        </code>{' '}
        or <code>miniapps notify</code>. Each user gets at most 2 per day from this app.
      </p>
      <ErrorNotice error={list.error} />
      {list.data === undefined ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <p className="muted">No pushes sent yet.</p>
      ) : (
        <>
          <Totals list={list.data} />
          <table className="table">
            <thead>
              <tr>
                <th>Sent</th>
                <th>Title and text</th>
                <th>Page</th>
                <th>Audience</th>
                <th>Delivered</th>
                <th>Devices: accepted / failed / pending</th>
                <th>Dead tokens removed</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((n) => (
                <tr key={n.id}>
                  <td>{formatDate(n.createdAt)}</td>
                  <td>
                    <strong>{n.sentTitle}</strong>
                    <br />
                    {n.body}
                  </td>
                  <td>{n.page ?? '—'}</td>
                  <td>{n.users}</td>
                  <td>{n.delivered}</td>
                  <td>
                    {n.accepted} / {n.failed} / {n.pending}
                  </td>
                  <td>{n.tokensRemoved}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
