// Commits a deploy in one transaction: new screens and files, a revision, the next version and status, or nothing at all.

import { writeAudit } from '../audit/audit.js';
import { type Db, lockRow } from '../db/database.js';
import type { AppRow, AppStatus } from '../db/schema.js';
import { AppError } from '../errors.js';
import { nowIso } from '../ids.js';
import { emitDeployEvent } from '../webhooks/app-events.js';
import type { CheckedFile } from './hosted-files.js';
import { pruneFiles, writeFiles } from './hosted-files-store.js';
import { pruneRevisions, takeRevision } from './revisions-repository.js';
import type { CheckedScreen } from './screens-check.js';
import { pruneScreens, writeScreens } from './screens-store.js';

export interface DeployInput {
  appId: string;
  actorId: string;
  screens: readonly CheckedScreen[];
  /** Datasets and strings stored with the screens in the same version. */
  files: readonly CheckedFile[];
  submit: boolean;
  /** Set when the deploy restores a revision. */
  restoredFrom: number | null;
  /** The head version the content was edited from (the studio's save): another head refuses the deploy. */
  baseVersion?: number;
  /** How many unknown widget and action types the screens have, for the `deploy.created` webhook. */
  unknown?: { widgets: number; actions: number };
}

export interface DeployOutcome {
  version: number;
  status: AppStatus;
}

/** Refuses apps a deploy may not touch: not hosted (remote or service), or frozen by moderation. */
export function assertDeployable(app: AppRow): void {
  if (app.sourceKind !== 'hosted') {
    throw new AppError('not_hosted', { key: 'deploy.not_hosted', values: { kind: app.sourceKind } });
  }
  if (app.status === 'suspended') throw new AppError('suspended');
}

/**
 * Optimistic concurrency: content edited from another version than the head would overwrite a save the editor
 * never saw, so it is refused (409 `conflict`) with the head version to start again from.
 */
export function assertBase(head: number, base: number): void {
  if (head !== base) {
    throw new AppError(
      'conflict',
      { key: 'revisions.stale_base', values: { base, version: head } },
      { version: head },
    );
  }
}

export async function commitDeploy(db: Db, input: DeployInput): Promise<DeployOutcome> {
  return db.transaction().execute(async (trx) => {
    // Serializes deploys (and moderation) of one app, so each version number is taken exactly once.
    await lockRow(trx, 'apps', input.appId);
    const app = await trx.selectFrom('apps').selectAll().where('id', '=', input.appId).executeTakeFirst();
    if (!app) throw new AppError('app_not_found');
    assertDeployable(app);
    if (input.baseVersion !== undefined) assertBase(app.version, input.baseVersion);
    const version = app.version + 1;
    const status: AppStatus = input.submit ? 'pending_review' : 'draft';
    const now = nowIso();
    await writeScreens(trx, app.id, version, input.screens);
    await writeFiles(trx, app.id, version, input.files);
    await takeRevision(trx, {
      appId: app.id,
      version,
      screens: input.screens,
      files: input.files,
      restoredFrom: input.restoredFrom,
      createdBy: input.actorId,
      createdAt: now,
    });
    await pruneRevisions(trx, app.id, version);
    await pruneScreens(trx, app.id, version, app.liveVersion);
    await pruneFiles(trx, app.id, version, app.liveVersion);
    await trx
      .updateTable('apps')
      .set({
        version,
        status,
        updatedAt: now,
        // A new submission starts a new review: the last verdict was about an older version.
        ...(input.submit && { submittedAt: now, reviewNote: null }),
      })
      .where('id', '=', app.id)
      .execute();
    await writeAudit(
      trx,
      {
        appId: app.id,
        actorId: input.actorId,
        action: input.restoredFrom === null ? 'deploy' : 'restore',
        fromStatus: app.status,
        toStatus: status,
        version,
        details: input.restoredFrom === null ? null : { restoredFrom: input.restoredFrom },
      },
      now,
    );
    const unknown = {
      unknownWidgets: input.unknown?.widgets ?? 0,
      unknownActions: input.unknown?.actions ?? 0,
    };
    await emitDeployEvent(trx, app, { version, status, ...unknown }, Date.parse(now));
    return { version, status };
  });
}
