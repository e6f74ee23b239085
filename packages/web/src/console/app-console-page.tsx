// One app in the developer console: status and moderation feedback, then a tab per concern.

import type { App } from '@miniapps/contract';
import { useState } from 'react';
import { useFormat } from '../i18n/format.js';
import { type MessageKey, useLanguage } from '../i18n/language.js';
import { AuditLog } from '../moderation/audit-log.js';
import { ResponsesLink } from '../responses/responses-link.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { StudioLink } from '../studio/studio-link.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading, StatusBadge } from '../ui/widgets.js';
import { AppSettingsForm } from './app-settings-form.js';
import { NotificationsPanel } from './notifications-panel.js';
import { PreviewPanel } from './preview-panel.js';
import { RevisionsPanel } from './revisions-panel.js';
import { SigningSecretPanel } from './signing-secret-panel.js';
import { StatsLink } from './stats-link.js';
import { WebhooksPanel } from './webhooks-panel.js';

type Tab = 'overview' | 'revisions' | 'signing' | 'notifications' | 'preview' | 'activity';

/** What moderation said and what users see, in one sentence for the developer. */
function StatusExplanation({ app }: { app: App }) {
  const { t } = useLanguage();
  const live = app.live !== null;
  const sentences: Record<App['status'], Array<MessageKey | false>> = {
    draft: ['console.app.draft', live && 'console.app.keepsLive'],
    pending_review: ['console.app.pending', live && 'console.app.pendingKeepsLive'],
    published: ['console.app.published'],
    rejected: ['console.app.rejected', live && 'console.app.keepsLive', 'console.app.fixAndSubmit'],
    suspended: ['console.app.suspended'],
  };
  return (
    <p>
      {(sentences[app.status] ?? [])
        .filter((key) => key !== false)
        .map((key) => t(key))
        .join(' ')}
    </p>
  );
}

export function AppConsolePage({ org, slug }: { org: string; slug: string }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const format = useFormat();
  const app = useResource(
    () => api.request('GET /api/v1/orgs/:org/apps/:slug', { params: { org, slug } }).then((a) => a.app),
    [api, org, slug],
  );
  const [tab, setTab] = useState<Tab>('overview');
  if (app.error) return <ErrorNotice error={app.error} />;
  if (!app.data) return <Loading />;
  const current = app.data;
  const tabs: Array<[Tab, string]> = [
    ['overview', t('console.tab.overview')],
    ...(current.sourceKind === 'hosted' ? [['revisions', t('console.tab.revisions')] as [Tab, string]] : []),
    ...(current.sourceKind === 'remote' ? [['signing', t('console.tab.signing')] as [Tab, string]] : []),
    ['notifications', t('console.tab.notifications')],
    ['preview', t('console.tab.preview')],
    ['activity', t('console.tab.activity')],
  ];
  return (
    <div>
      <p className="crumbs">
        <Link to="/console">{t('nav.console')}</Link> ›{' '}
        <Link to={`/console/orgs/${encodeURIComponent(org)}`}>{org}</Link> ›
      </p>
      <h1>
        {current.name} <StatusBadge status={current.status} />
      </h1>
      <p className="muted">
        <code>
          {org}/{slug}
        </code>{' '}
        · {t('console.sourceKind', { kind: current.sourceKind })}
        {current.sourceKind === 'hosted' &&
          ` · ${
            current.liveVersion === null
              ? t('console.app.versionsNoLive', { version: format.number(current.version) })
              : t('console.app.versions', {
                  version: format.number(current.version),
                  live: format.number(current.liveVersion),
                })
          }`}
      </p>
      <StatusExplanation app={current} />
      <StatsLink org={org} slug={slug} />
      {current.sourceKind === 'hosted' && <ResponsesLink org={org} slug={slug} />}
      {current.sourceKind === 'hosted' && <StudioLink org={org} slug={slug} />}
      {current.reviewNote && (
        <div
          className={`notice ${current.status === 'published' ? '' : 'notice-warning'}`}
          data-testid="review-note"
        >
          <strong>{t('console.app.moderation')}</strong> {current.reviewNote}
        </div>
      )}
      <div className="tabs-nav" role="tablist" aria-label={t('console.app.tabs')}>
        {tabs.map(([id, label]) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => setTab(id)}>
            {label}
          </button>
        ))}
      </div>
      {tab === 'overview' && <AppSettingsForm app={current} onSaved={app.reload} />}
      {tab === 'overview' && <WebhooksPanel app={current} />}
      {tab === 'revisions' && <RevisionsPanel app={current} onRestored={app.reload} />}
      {tab === 'signing' && <SigningSecretPanel app={current} />}
      {tab === 'notifications' && <NotificationsPanel app={current} />}
      {tab === 'preview' && <PreviewPanel app={current} />}
      {tab === 'activity' && <AuditLog org={org} slug={slug} />}
    </div>
  );
}
