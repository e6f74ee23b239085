// One app in the developer console: status and moderation feedback, then a tab per concern.
import { useState } from 'react';
import { appPath } from '../api/paths.js';
import type { App } from '../api/types.js';
import { AuditLog } from '../moderation/audit-log.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading, StatusBadge } from '../ui/widgets.js';
import { AppSettingsForm } from './app-settings-form.js';
import { NotificationsPanel } from './notifications-panel.js';
import { PreviewPanel } from './preview-panel.js';
import { RevisionsPanel } from './revisions-panel.js';
import { SigningSecretPanel } from './signing-secret-panel.js';

type Tab = 'overview' | 'revisions' | 'signing' | 'notifications' | 'preview' | 'activity';

/** What moderation said and what users see, in one sentence for the developer. */
function StatusExplanation({ app }: { app: App }) {
  const live = app.live !== null;
  switch (app.status) {
    case 'draft':
      return (
        <p>
          Draft: deploy screens with “submit” to send them to moderation.
          {live && ' Users keep the live version.'}
        </p>
      );
    case 'pending_review':
      return <p>Waiting for moderation.{live ? ' Users keep the live version until it is approved.' : ''}</p>;
    case 'published':
      return <p>Published: users see it in the catalog.</p>;
    case 'rejected':
      return (
        <p>Rejected by moderation.{live ? ' Users keep the live version.' : ''} Fix it and submit again.</p>
      );
    case 'suspended':
      return <p>Suspended by moderation: hidden from users and deploys are refused.</p>;
  }
}

export function AppConsolePage({ org, slug }: { org: string; slug: string }) {
  const { api } = useSignedIn();
  const app = useResource(
    () => api.get<{ app: App }>(appPath(org, slug)).then((a) => a.app),
    [api, org, slug],
  );
  const [tab, setTab] = useState<Tab>('overview');
  if (app.error) return <ErrorNotice error={app.error} />;
  if (!app.data) return <Loading />;
  const current = app.data;
  const tabs: Array<[Tab, string]> = [
    ['overview', 'Overview'],
    ...(current.sourceKind === 'hosted' ? [['revisions', 'Screens and revisions'] as [Tab, string]] : []),
    ...(current.sourceKind === 'remote' ? [['signing', 'Signing secret'] as [Tab, string]] : []),
    ['notifications', 'Notifications'],
    ['preview', 'Preview'],
    ['activity', 'Activity'],
  ];
  return (
    <div>
      <p className="crumbs">
        <Link to="/console">Developer console</Link> ›{' '}
        <Link to={`/console/orgs/${encodeURIComponent(org)}`}>{org}</Link> ›
      </p>
      <h1>
        {current.name} <StatusBadge status={current.status} />
      </h1>
      <p className="muted">
        <code>
          {org}/{slug}
        </code>{' '}
        · {current.sourceKind}
        {current.sourceKind === 'hosted' &&
          ` · version ${current.version}, live ${current.liveVersion ?? 'none'}`}
      </p>
      <StatusExplanation app={current} />
      {current.reviewNote && (
        <div
          className={`notice ${current.status === 'published' ? '' : 'notice-warning'}`}
          data-testid="review-note"
        >
          <strong>Moderation:</strong> {current.reviewNote}
        </div>
      )}
      <div className="tabs-nav" role="tablist">
        {tabs.map(([id, label]) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => setTab(id)}>
            {label}
          </button>
        ))}
      </div>
      {tab === 'overview' && <AppSettingsForm app={current} onSaved={app.reload} />}
      {tab === 'revisions' && <RevisionsPanel app={current} onRestored={app.reload} />}
      {tab === 'signing' && <SigningSecretPanel app={current} />}
      {tab === 'notifications' && <NotificationsPanel app={current} />}
      {tab === 'preview' && <PreviewPanel app={current} />}
      {tab === 'activity' && <AuditLog org={org} slug={slug} />}
    </div>
  );
}
