// One app under moderation: what changed, the live and the new version side by side, the decision, the log.

import type { App, AppStatus, CatalogEntry, QueueItem } from '@miniapps/contract';
import { isHostError } from '@miniapps/host';
import { useState } from 'react';
import { RevisionDiff } from '../console/revisions-panel.js';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading, StatusBadge } from '../ui/widgets.js';
import { AuditLog } from './audit-log.js';
import { ChangeSummaryView } from './change-summary.js';
import { DecisionPanel } from './decision-panel.js';
import { SideBySide } from './side-by-side.js';

interface ReviewData {
  item: QueueItem | undefined;
  status: AppStatus | undefined;
  /** What users open now; undefined when nothing is live (or the app is suspended). */
  live: CatalogEntry | undefined;
}

export function ReviewPage({ org, slug }: { org: string; slug: string }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const format = useFormat();
  const [decided, setDecided] = useState<App | null>(null);
  const [round, setRound] = useState(0);
  const data = useResource<ReviewData>(async () => {
    const [queue, audit] = await Promise.all([
      api.request('GET /api/v1/moderation/queue'),
      api.request('GET /api/v1/orgs/:org/apps/:slug/audit', { params: { org, slug } }),
    ]);
    const item = queue.queue.find((q) => q.organizationId === org && q.slug === slug);
    // The live copy is needed only beside a version in review, and exists only after a first approval: the
    // catalog is not asked about an app it cannot have (a 404 in every first review's console otherwise).
    const live =
      item && !item.changes.firstReview
        ? await api.request('GET /api/v1/catalog/:org/:slug', { params: { org, slug } }).then(
            (answer) => answer.app,
            (error: unknown) => {
              // Suspended since the queue was read, say: nothing live to show.
              if (isHostError(error) && error.status === 404) return undefined;
              throw error;
            },
          )
        : undefined;
    // The newest transition tells the status of an app outside the queue.
    const status = item ? 'pending_review' : ((audit.entries[0]?.to ?? undefined) as AppStatus | undefined);
    return { item, status, live };
  }, [api, org, slug, round]);

  if (data.error) return <ErrorNotice error={data.error} />;
  if (!data.data) return <Loading />;
  const { item, live } = data.data;
  const status = decided?.status ?? data.data.status;
  const name = decided?.name ?? item?.name ?? slug;
  const hosted = (decided?.sourceKind ?? item?.sourceKind) === 'hosted';
  const liveVersion = decided?.liveVersion ?? item?.liveVersion ?? null;
  const liveStartPath = live?.startPath ?? null;
  // The queue names the start path only when it changed; otherwise the head keeps the live one.
  const headStartPath = item?.changes.startPath?.to ?? liveStartPath ?? '/';
  return (
    <div>
      <p className="crumbs">
        <Link to="/moderation">{t('nav.moderation')}</Link> ›
      </p>
      <h1>
        {name} {status && <StatusBadge status={status} />}
      </h1>
      <p className="muted">
        <code>
          {org}/{slug}
        </code>
        {item &&
          ` · ${t('review.submittedBy', { organization: item.organizationName, date: format.date(item.submittedAt) })}`}
      </p>
      {item && <ChangeSummaryView changes={item.changes} />}
      <DecisionPanel
        org={org}
        slug={slug}
        status={status}
        reviewedVersion={item?.version}
        onDecided={(app) => {
          setDecided(app);
          setRound((n) => n + 1);
        }}
      />
      {status === 'pending_review' && (
        <>
          <h2>{t('review.sideBySide')}</h2>
          <SideBySide
            key={round}
            org={org}
            slug={slug}
            name={name}
            liveStartPath={liveStartPath}
            liveLabel={
              hosted ? t('review.version', { version: liveVersion ?? '—' }) : t('review.approvedOrigin')
            }
            headStartPath={headStartPath}
            headLabel={
              hosted
                ? t('review.version', { version: item?.version ?? decided?.version ?? '—' })
                : (item?.changes.origin?.to ?? t('review.head'))
            }
          />
        </>
      )}
      {status === 'pending_review' && hosted && item && liveVersion !== null && (
        <>
          <h2>{t('review.screens', { from: liveVersion, to: item.version })}</h2>
          <RevisionDiff org={org} slug={slug} from={liveVersion} to={item.version} />
        </>
      )}
      <h2>{t('audit.title')}</h2>
      <AuditLog org={org} slug={slug} round={round} />
    </div>
  );
}
