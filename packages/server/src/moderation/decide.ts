// Applies a moderator's decision in one transaction: the app's new state, what goes live, and the audit entry.
import { catalogSearchText, catalogSortName } from '../apps/search-text.js';
import { writeAudit } from '../audit/audit.js';
import { type Db, lockRow } from '../db/database.js';
import type { AppRow, AppUpdate } from '../db/schema.js';
import { pruneScreens } from '../deploy/screens-store.js';
import { AppError } from '../errors.js';
import { nowIso } from '../ids.js';
import { emitModerationEvent } from '../webhooks/app-events.js';
import { revokeNotificationConsents, scopesWithoutNotifications } from './revoke-notifications.js';
import { type Decision, statusAfter } from './state-machine.js';

export interface DecisionInput {
  appId: string;
  moderatorId: string;
  reason: string | null;
  /** Approve only: the head version the moderator reviewed; a newer head refuses the approval. */
  expectedVersion?: number;
  /** Suspend only: also take the notifications scope away. */
  revokeNotifications?: boolean;
}

/**
 * What approval makes live: the head's metadata, listing, origin and scopes, for hosted apps its version,
 * and the catalog's search and sort text of the name and description users will now see.
 */
function approvedCopy(app: AppRow): AppUpdate {
  return {
    liveVersion: app.sourceKind === 'hosted' ? app.version : app.liveVersion,
    liveName: app.name,
    liveOrigin: app.origin,
    liveStartPath: app.startPath,
    liveScopes: app.scopes,
    liveIcon: app.icon,
    liveDescription: app.description,
    liveCategory: app.category,
    searchText: catalogSearchText(app.name, app.description),
    sortName: catalogSortName(app.name),
    reviewNote: null,
  };
}

export async function decide(db: Db, decision: Decision, input: DecisionInput): Promise<AppRow> {
  return db.transaction().execute(async (trx) => {
    // The same lock as deploys: a decision sees either the state before a deploy or after it, never half.
    await lockRow(trx, 'apps', input.appId);
    const app = await trx.selectFrom('apps').selectAll().where('id', '=', input.appId).executeTakeFirst();
    if (!app) throw new AppError('not_found', { key: 'apps.no_such_app' });
    if (input.expectedVersion !== undefined && input.expectedVersion !== app.version) {
      throw new AppError(
        'bad_transition',
        { key: 'moderation.changed', values: { version: app.version, expected: input.expectedVersion } },
        { version: app.version },
      );
    }
    const status = statusAfter(decision, app);
    const now = nowIso();
    let changes: AppUpdate = { status, updatedAt: now };
    const details: Record<string, unknown> = {};
    if (decision === 'approve') changes = { ...changes, ...approvedCopy(app) };
    if (decision === 'reject') changes.reviewNote = input.reason;
    if (decision === 'suspend') {
      changes = { ...changes, statusBeforeSuspend: app.status, reviewNote: input.reason };
      if (input.revokeNotifications) {
        changes = { ...changes, ...scopesWithoutNotifications(app) };
        details['revokedNotifications'] = true;
        details['consentsChanged'] = await revokeNotificationConsents(trx, app.id);
      }
    }
    if (decision === 'unsuspend') changes = { ...changes, statusBeforeSuspend: null, reviewNote: null };

    const updated = await trx
      .updateTable('apps')
      .set(changes)
      .where('id', '=', app.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // The old live version is now neither head nor live: its rows go, as the screens table promises.
    if (decision === 'approve' && app.sourceKind === 'hosted')
      await pruneScreens(trx, app.id, app.version, app.version);
    await writeAudit(
      trx,
      {
        appId: app.id,
        actorId: input.moderatorId,
        action: decision,
        fromStatus: app.status,
        toStatus: status,
        reason: input.reason,
        version: app.sourceKind === 'hosted' ? app.version : null,
        details: Object.keys(details).length > 0 ? details : null,
      },
      now,
    );
    await emitModerationEvent(trx, updated, decision, input.reason, Date.parse(now));
    return updated;
  });
}
