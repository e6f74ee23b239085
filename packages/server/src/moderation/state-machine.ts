// The moderation state machine (docs/contract.md "States and transitions"): which decisions apply to which status, and where they lead.
import type { AppRow, AppStatus } from '../db/schema.js';
import { AppError } from '../errors.js';

export type Decision = 'approve' | 'reject' | 'suspend' | 'unsuspend';

const allowedFrom: Record<Decision, readonly AppStatus[]> = {
  approve: ['pending_review'],
  reject: ['pending_review'],
  suspend: ['draft', 'pending_review', 'published', 'rejected'],
  unsuspend: ['suspended'],
};

/** Whether the app has something users may open: a live version (hosted) or an approved configuration. */
export function hasLiveVersion(app: Pick<AppRow, 'sourceKind' | 'liveVersion' | 'liveName'>): boolean {
  return app.sourceKind === 'hosted' ? app.liveVersion !== null : app.liveName !== null;
}

/** The status a decision leads to, or `bad_transition` (409) when the app's status does not allow it. */
export function statusAfter(decision: Decision, app: AppRow): AppStatus {
  if (!allowedFrom[decision].includes(app.status)) {
    const from = allowedFrom[decision].join(' or ');
    throw new AppError(
      'bad_transition',
      { key: 'moderation.bad_transition', values: { decision, status: app.status, from } },
      {
        status: app.status,
        allowedFrom: allowedFrom[decision],
      },
    );
  }
  switch (decision) {
    case 'approve':
      if (app.sourceKind === 'hosted' && app.version < 1) {
        throw new AppError('bad_transition', { key: 'moderation.nothing_to_approve' });
      }
      return 'published';
    case 'reject':
      return 'rejected';
    case 'suspend':
      return 'suspended';
    case 'unsuspend':
      // Before status_before_suspend existed nothing could be suspended; the fallback only guards odd rows.
      return app.statusBeforeSuspend ?? (hasLiveVersion(app) ? 'published' : 'draft');
  }
}
