// The benchmark's data: one organization, one published remote app declaring four scopes with a signing secret,
// and users who granted them all; returns each user's token.
import type { Config } from '../../packages/server/src/config.js';
import type { Platform } from '../../packages/server/src/platform.js';
import { deriveKey } from '../../packages/server/src/signing/keys.js';
import { issueSigningSecret } from '../../packages/server/src/signing/repository.js';

export async function seedBench(
  p: Platform,
  config: Config,
  options: { users: number; originPort: number },
): Promise<string[]> {
  const db = p.db;
  const now = new Date().toISOString();
  const owner = crypto.randomUUID();
  await db
    .insertInto('users')
    .values({ id: owner, email: 'owner@bench.example', roles: '[]', createdAt: now, updatedAt: now })
    .execute();
  await db
    .insertInto('organizations')
    .values({ id: 'bench', name: 'Bench', createdBy: owner, createdAt: now })
    .execute();
  const appId = crypto.randomUUID();
  const scopes = JSON.stringify(['identity', 'email', 'profile', 'group']);
  const origin = `https://origin.test:${options.originPort}`;
  await db
    .insertInto('apps')
    .values({
      id: appId,
      organizationId: 'bench',
      slug: 'timetable',
      sourceKind: 'remote',
      name: 'Timetable',
      origin,
      startPath: '/',
      scopes,
      status: 'published',
      version: 0,
      liveName: 'Timetable',
      liveOrigin: origin,
      liveStartPath: '/',
      liveScopes: scopes,
      createdBy: owner,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await issueSigningSecret(db, deriveKey(config.keys.platformKey, 'signing-secrets'), appId, Date.now());

  const tokens: string[] = [];
  for (let start = 0; start < options.users; start += 100) {
    const users = Array.from({ length: Math.min(100, options.users - start) }, (_, i) => ({
      id: crypto.randomUUID(),
      email: `user${start + i}@bench.example`,
      fullName: `Student Number ${start + i}`,
      course: String(1 + ((start + i) % 5)),
      groupName: `CS-${(start + i) % 40}`,
      roles: '[]',
      createdAt: now,
      updatedAt: now,
    }));
    await db.insertInto('users').values(users).execute();
    await db
      .insertInto('consents')
      .values(users.map((u) => ({ userId: u.id, appId, scopes, createdAt: now, updatedAt: now })))
      .execute();
    for (const user of users) tokens.push(await p.userTokens.issue!({ sub: user.id, email: user.email }));
  }
  return tokens;
}
