// Step 3: the app and the configuration in use: the live (approved) one, or the head for an allowed preview.

import { mayPreview } from '../../apps/access.js';
import type { User } from '../../auth/users-repository.js';
import { parseStoredScopes } from '../../consent/scopes.js';
import type { Executor } from '../../db/database.js';
import type { ScopeName, SourceKind } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { SealedSecrets } from '../../signing/repository.js';
import { appNotFound } from '../answers/errors.js';
import type { ContextRow } from '../context/request-context.js';

/** Header a client sends to open the head (draft or in-review) version instead of the live one. */
export const PREVIEW_HEADER = 'x-miniapps-preview';

export interface ResolvedApp {
  id: string;
  organizationId: string;
  slug: string;
  sourceKind: SourceKind;
  /** The origin in use (remote apps): the approved one, or the head's in a preview. */
  origin: string | null;
  /** The path of the first screen in this configuration (usage statistics count its loads as opens). */
  startPath: string;
  /** The screens version in use (hosted apps). */
  version: number | null;
  /** Scopes the configuration in use declares. */
  declaredScopes: ScopeName[];
  /** Scopes this user granted the app (not yet cut down to the declared ones). */
  grantedScopes: ScopeName[];
  signing: SealedSecrets;
  preview: boolean;
}

/** The live (approved) configuration every ordinary request uses, from the context row (request-context.ts). */
export function liveApp(row: ContextRow, where: { org: string; slug: string }): ResolvedApp {
  const app = appOf(row);
  if (!app) throw appNotFound(where.org, where.slug);
  const refused = liveRefusal(row);
  if (refused) throw refused;
  return configuration(app, row, false);
}

/** The columns that say whether an app's live configuration may be opened. */
type LiveColumns = Pick<ContextRow, 'status' | 'sourceKind' | 'liveName' | 'liveOrigin' | 'liveVersion'>;

/** Why users cannot open the app's live configuration (403 `app_unavailable`), or undefined when they can. */
export function liveRefusal(app: LiveColumns): AppError | undefined {
  if (app.status === 'suspended') return new AppError('app_unavailable', { key: 'errors.suspended' });
  // Users keep the last approved configuration whatever happens to the head (draft, review, rejection).
  const live =
    app.liveName !== null &&
    (app.sourceKind !== 'remote' || app.liveOrigin !== null) &&
    (app.sourceKind !== 'hosted' || app.liveVersion !== null);
  return live ? undefined : new AppError('app_unavailable', { key: 'proxy.not_published' });
}

/** The head configuration (draft or in review), for the app's organization and moderators only. */
export async function previewApp(
  db: Executor,
  row: ContextRow,
  user: User,
  where: { org: string; slug: string },
): Promise<ResolvedApp> {
  const app = appOf(row);
  if (!app) throw appNotFound(where.org, where.slug);
  if (!(await mayPreview(db, app.organizationId, user))) {
    throw new AppError('forbidden', { key: 'proxy.preview_forbidden' });
  }
  return configuration(app, row, true);
}

/** The app columns of the row, or undefined when the left join found no app. */
function appOf(row: ContextRow) {
  if (row.appId === null || row.organizationId === null || row.slug === null || row.sourceKind === null) {
    return undefined;
  }
  return {
    id: row.appId,
    organizationId: row.organizationId,
    slug: row.slug,
    sourceKind: row.sourceKind,
    status: row.status,
    version: row.version ?? 0,
  };
}

function configuration(
  app: NonNullable<ReturnType<typeof appOf>>,
  row: ContextRow,
  preview: boolean,
): ResolvedApp {
  return {
    id: app.id,
    organizationId: app.organizationId,
    slug: app.slug,
    sourceKind: app.sourceKind,
    origin: preview ? row.origin : row.liveOrigin,
    startPath: (preview ? row.startPath : row.liveStartPath) ?? '/',
    version: preview ? app.version : row.liveVersion,
    declaredScopes: parseStoredScopes(preview ? row.scopes : row.liveScopes),
    grantedScopes: parseStoredScopes(row.granted),
    signing: {
      secretEnc: row.secretEnc,
      previousEnc: row.previousEnc,
      previousValidUntil: row.previousValidUntil,
    },
    preview,
  };
}
