// The moderation queue, oldest first, and a way to open any app (to suspend or unsuspend it).
import { type FormEvent, useState } from 'react';
import { pages } from '../api/paths.js';
import { Link, navigateTo } from '../router.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, formatDate, Loading } from '../ui/widgets.js';
import { ChangeSummaryView } from './change-summary.js';
import type { QueueItem } from './types.js';

function FindApp() {
  const [org, setOrg] = useState('');
  const [slug, setSlug] = useState('');
  const open = (event: FormEvent) => {
    event.preventDefault();
    navigateTo(pages.review(org.trim(), slug.trim()));
  };
  return (
    <form className="form form-inline" onSubmit={open} aria-label="Open an app">
      <input required placeholder="organization id" value={org} onChange={(e) => setOrg(e.target.value)} />
      <span>/</span>
      <input required placeholder="app slug" value={slug} onChange={(e) => setSlug(e.target.value)} />
      <button type="submit" className="button button-secondary">
        Open app
      </button>
    </form>
  );
}

export function ModerationQueuePage() {
  const { api } = useSignedIn();
  const queue = useResource(
    () => api.get<{ queue: QueueItem[] }>('/api/v1/moderation/queue').then((a) => a.queue),
    [api],
  );
  return (
    <div>
      <h1>Moderation</h1>
      <FindApp />
      <h2>Waiting for review</h2>
      <ErrorNotice error={queue.error} />
      {queue.data === undefined ? (
        <Loading />
      ) : queue.data.length === 0 ? (
        <p className="muted">The queue is empty.</p>
      ) : (
        <table className="table" aria-label="Review queue">
          <thead>
            <tr>
              <th>App</th>
              <th>Organization</th>
              <th>Submitted</th>
              <th>Changes</th>
            </tr>
          </thead>
          <tbody>
            {queue.data.map((item) => (
              <tr key={`${item.organizationId}/${item.slug}`}>
                <td>
                  <Link to={pages.review(item.organizationId, item.slug)}>{item.name}</Link>
                  <div className="muted">
                    {item.sourceKind}
                    {item.sourceKind === 'hosted' && ` · version ${item.version}`}
                  </div>
                </td>
                <td>{item.organizationName}</td>
                <td>{formatDate(item.submittedAt)}</td>
                <td>
                  <ChangeSummaryView changes={item.changes} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
