// One query per proxied request: the signed-in user, the app's configurations, its signing secrets and this user's consent.
import type { InferResult } from 'kysely';
import type { UserClaims } from '../../auth/user-tokens.js';
import { toUser, type User } from '../../auth/users-repository.js';
import type { Db } from '../../db/database.js';

/** The tables the context query reads: a write to any other leaves cached contexts current (write-counter.ts). */
export const CONTEXT_TABLES = ['users', 'apps', 'signingSecrets', 'consents'] as const;

// Stand-ins compiled into the query once; each request swaps in its own values.
const ORG = '\u0000org';
const SLUG = '\u0000slug';
const USER = '\u0000user';

function contextQuery(db: Db, org: string, slug: string, userId: string) {
  return db
    .selectFrom('users')
    .leftJoin('apps', (join) => join.on('apps.organizationId', '=', org).on('apps.slug', '=', slug))
    .leftJoin('signingSecrets', 'signingSecrets.appId', 'apps.id')
    .leftJoin('consents', (join) =>
      join.onRef('consents.appId', '=', 'apps.id').onRef('consents.userId', '=', 'users.id'),
    )
    .select([
      'users.id',
      'users.email',
      'users.fullName',
      'users.course',
      'users.groupName',
      'users.roles',
      'users.createdAt',
      'users.updatedAt',
      'apps.id as appId',
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
      'apps.startPath',
      'apps.liveStartPath',
      'signingSecrets.secretEnc',
      'signingSecrets.previousEnc',
      'signingSecrets.previousValidUntil',
      'consents.scopes as granted',
    ])
    .where('users.id', '=', userId);
}

export type ContextRow = InferResult<ReturnType<typeof contextQuery>>[number];

/**
 * The query is built and compiled once: the builder and compiler were a visible share of each
 * request's CPU time, and the text never changes, only its three values.
 */
export function createContextLoader(db: Db) {
  const template = contextQuery(db, ORG, SLUG, USER).compile();
  const stand = new Map<unknown, 'org' | 'slug' | 'userId'>([
    [ORG, 'org'],
    [SLUG, 'slug'],
    [USER, 'userId'],
  ]);

  /** Undefined when the user is unknown; app columns are null when the app is. */
  return async (values: { org: string; slug: string; userId: string }): Promise<ContextRow | undefined> => {
    const parameters = template.parameters.map((p) => {
      const name = stand.get(p);
      return name === undefined ? p : values[name];
    });
    const result = await db.executeQuery<ContextRow>({ ...template, parameters });
    return result.rows[0];
  };
}

/** The user as the rest of the platform sees them; roles in the token add to the stored ones (as userFromClaims). */
export function userOfContext(row: ContextRow, claims: UserClaims): User {
  const user = toUser(row);
  const extra = (claims.roles ?? []).filter((r) => !user.roles.includes(r));
  return extra.length > 0 ? { ...user, roles: [...user.roles, ...extra] } : user;
}
