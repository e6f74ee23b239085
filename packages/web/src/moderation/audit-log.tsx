// An app's audit log: who moved it from which state to which, when and why (members and moderators).
import { appPath } from '../api/paths.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, formatDate, Loading } from '../ui/widgets.js';
import type { AuditEntry } from './types.js';

export function AuditLog({ org, slug, round = 0 }: { org: string; slug: string; round?: number }) {
  const { api } = useSignedIn();
  const path = `${appPath(org, slug)}/audit`;
  const log = useResource(
    () => api.get<{ entries: AuditEntry[] }>(path).then((a) => a.entries),
    [api, path, round],
  );
  if (log.error) return <ErrorNotice error={log.error} />;
  if (!log.data) return <Loading what="the audit log" />;
  if (log.data.length === 0) return <p className="muted">Nothing happened to this app yet.</p>;
  return (
    <table className="table" aria-label="Audit log">
      <thead>
        <tr>
          <th>When</th>
          <th>What</th>
          <th>Who</th>
          <th>Status</th>
          <th>Version</th>
          <th>Reason</th>
        </tr>
      </thead>
      <tbody>
        {log.data.map((entry, index) => (
          // Entries have no id in the answer; newest first, and a list never reorders.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <tr key={index}>
            <td>{formatDate(entry.at)}</td>
            <td>
              {entry.action}
              {entry.details?.revokedNotifications === true && ' (notifications revoked)'}
            </td>
            <td>{entry.actor?.email ?? 'platform'}</td>
            <td>
              {entry.from ?? '—'} → {entry.to ?? '—'}
            </td>
            <td>{entry.version ?? '—'}</td>
            <td>{entry.reason ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
