// The moderation queue, oldest first, and a way to open any app (to suspend or unsuspend it).

import { type FormEvent, useState } from 'react';
import { pages } from '../api/paths.js';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { Link, navigateTo } from '../router.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';
import { ChangeSummaryView } from './change-summary.js';

function FindApp() {
  const { t } = useLanguage();
  const [org, setOrg] = useState('');
  const [slug, setSlug] = useState('');
  const open = (event: FormEvent) => {
    event.preventDefault();
    navigateTo(pages.review(org.trim(), slug.trim()));
  };
  return (
    <form className="form form-inline" onSubmit={open} aria-label={t('moderation.findApp')}>
      <input
        required
        aria-label={t('moderation.orgId')}
        placeholder={t('moderation.orgId')}
        value={org}
        onChange={(e) => setOrg(e.target.value)}
      />
      <span>/</span>
      <input
        required
        aria-label={t('moderation.slug')}
        placeholder={t('moderation.slug')}
        value={slug}
        onChange={(e) => setSlug(e.target.value)}
      />
      <button type="submit" className="button button-secondary">
        {t('moderation.openApp')}
      </button>
    </form>
  );
}

export function ModerationQueuePage() {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const format = useFormat();
  const queue = useResource(() => api.request('GET /api/v1/moderation/queue').then((a) => a.queue), [api]);
  return (
    <div>
      <h1>{t('nav.moderation')}</h1>
      <FindApp />
      <h2>{t('moderation.waiting')}</h2>
      <ErrorNotice error={queue.error} />
      {queue.data === undefined ? (
        <Loading />
      ) : queue.data.length === 0 ? (
        <p className="muted">{t('moderation.empty')}</p>
      ) : (
        <table className="table" aria-label={t('moderation.queue')}>
          <thead>
            <tr>
              <th>{t('moderation.app')}</th>
              <th>{t('moderation.organization')}</th>
              <th>{t('moderation.submitted')}</th>
              <th>{t('moderation.changes')}</th>
            </tr>
          </thead>
          <tbody>
            {queue.data.map((item) => (
              <tr key={`${item.organizationId}/${item.slug}`}>
                <td>
                  <Link to={pages.review(item.organizationId, item.slug)}>{item.name}</Link>
                  <div className="muted">
                    {item.sourceKind === 'hosted'
                      ? t('moderation.hostedVersion', { version: item.version })
                      : t('moderation.remote')}
                  </div>
                </td>
                <td>{item.organizationName}</td>
                <td>{format.date(item.submittedAt)}</td>
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
