// Step 3: the app and the configuration in use: the live (approved) one, or the head for an allowed preview.
import type { User } from '../auth/users-repository.js';
import { isModerator } from '../auth/users-repository.js';
import { parseStoredScopes } from '../consent/scopes.js';
import type { Executor } from '../db/database.js';
import type { ScopeName, SourceKind } from '../db/schema.js';
import { AppError } from '../errors.js';
import { membershipRole } from '../orgs/repository.js';
import type { SealedSecrets } from '../signing/repository.js';
import { appNotFound } from './errors.js';

/** Header a client sends to open the head (draft or in-review) version instead of the live one. */
export const PREVIEW_HEADER = 'x-miniapps-preview';

export interface ResolvedApp {
  id: string;
  organizationId: string;
  slug: string;
  sourceKind: SourceKind;
  /** The origin in use (remote apps): the approved one, or the head's in a preview. */
  origin: string | null;
  /** The screens version in use (hosted apps). */
  version: number | null;
  /** Scopes the configuration in use declares. */
  declaredScopes: ScopeName[];
  /** Scopes this user granted the app (not yet cut down to the declared ones). */
  grantedScopes: ScopeName[];
  signing: SealedSecrets;
  preview: boolean;
}

/** Loads the app, its signing secrets and this user's consent in one query. */
export async function loadApp(db: Executor, org: string, slug: string, userId: string) {
  return db
    .selectFrom('apps')
    .leftJoin('signingSecrets', 'signingSecrets.appId', 'apps.id')
    .leftJoin('consents', (join) =>
      join.onRef('consents.appId', '=', 'apps.id').on('consents.userId', '=', userId),
    )
    .select([
      'apps.id',
      'apps.organizationId',
      'apps.slug',
      'apps.sourceKind',
      'apps.status',
      'apps.origin',
      'apps.scopes',
      'apps.version',
      'apps.liveName',
      'apps.liveOrigin',
      'apps.liveScopes',
      'apps.liveVersion',
      'signingSecrets.secretEnc',
      'signingSecrets.previousEnc',
      'signingSecrets.previousValidUntil',
      'consents.scopes as granted',
    ])
    .where('apps.organizationId', '=', org)
    .where('apps.slug', '=', slug)
    .executeTakeFirst();
}

type AppRecord = NonNullable<Awaited<ReturnType<typeof loadApp>>>;

/** Members of the owning organization and platform moderators may preview; nobody else. */
export async function mayPreview(db: Executor, organizationId: string, user: User): Promise<boolean> {
  return isModerator(user) || (await membershipRole(db, organizationId, user.id)) !== undefined;
}

export async function resolveApp(
  db: Executor,
  org: string,
  slug: string,
  user: User,
  wantsPreview: boolean,
): Promise<ResolvedApp> {
  const row = await loadApp(db, org, slug, user.id);
  if (!row) throw appNotFound(org, slug);
  if (wantsPreview) {
    if (!(await mayPreview(db, row.organizationId, user))) {
      throw new AppError('forbidden', "Only the app's organization and moderators may preview it.");
    }
    return configuration(row, true);
  }
  if (row.status === 'suspended')
    throw new AppError('app_unavailable', 'The app is suspended by moderation.');
  // Users keep the last approved configuration whatever happens to the head (draft, review, rejection).
  const live =
    row.liveName !== null &&
    (row.sourceKind !== 'remote' || row.liveOrigin !== null) &&
    (row.sourceKind !== 'hosted' || row.liveVersion !== null);
  if (!live) throw new AppError('app_unavailable', 'The app is not published yet.');
  return configuration(row, false);
}

function configuration(row: AppRecord, preview: boolean): ResolvedApp {
  return {
    id: row.id,
    organizationId: row.organizationId,
    slug: row.slug,
    sourceKind: row.sourceKind,
    origin: preview ? row.origin : row.liveOrigin,
    version: preview ? row.version : row.liveVersion,
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
