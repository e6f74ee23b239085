import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useNames } from '../i18n/names.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';

export function AuditLog({ org, slug, round = 0 }: { org: string; slug: string; round?: number }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const format = useFormat();
  const names = useNames();
  const log = useResource(
    () =>
      api.request('GET /api/v1/orgs/:org/apps/:slug/audit', { params: { org, slug } }).then((a) => a.entries),
    [api, org, slug, round],
  );
  if (log.error) return <ErrorNotice error={log.error} />;
  if (!log.data) return <Loading />;
  if (log.data.length === 0) return <p className="muted">{t('audit.empty')}</p>;
  return (
    <table className="table" aria-label={t('audit.title')}>
      <thead>
        <tr>
          <th>{t('audit.when')}</th>
          <th>{t('audit.what')}</th>
          <th>{t('audit.who')}</th>
          <th>{t('audit.status')}</th>
          <th>{t('audit.version')}</th>
          <th>{t('audit.reason')}</th>
        </tr>
      </thead>
      <tbody>
        {log.data.map((entry, index) => (
          // Entries have no id in the answer; newest first, and a list never reorders.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <tr key={index}>
            <td>{format.date(entry.at)}</td>
            <td>
              {names.auditAction(entry.action)}
              {entry.details?.revokedNotifications === true && ` ${t('audit.notificationsRevoked')}`}
            </td>
            <td>{entry.actor?.email ?? t('audit.platform')}</td>
            <td>
              {entry.from ? names.status(entry.from) : '—'} → {entry.to ? names.status(entry.to) : '—'}
            </td>
            <td>{entry.version ?? '—'}</td>
            <td>{entry.reason ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
