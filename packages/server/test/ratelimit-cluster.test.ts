// Two real server processes sharing one Redis (and one database) admit exactly 180 requests a minute per user between them.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { PROXY } from './helpers/proxy-apps.js';
import { type ServerProcess, startServerProcess } from './helpers/server-process.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl).each(dialects)('two nodes sharing Redis on %s', (dialect) => {
  let t: TestPlatform;
  let nodes: ServerProcess[] = [];
  let user: SignedIn;

  beforeAll(async () => {
    // The in-process platform prepares the database and the keys file the two nodes then share.
    t = await startTestPlatform(dialect);
    user = await t.login('busy@uni.example');
    const env = {
      DATA_DIR: t.database.dataDir,
      ...(t.database.databaseUrl && { DATABASE_URL: t.database.databaseUrl }),
      REDIS_URL: redisUrl!,
      RATE_LIMIT_PREFIX: `test:rl:${randomBytes(6).toString('hex')}:`,
    };
    nodes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await t.close();
  });

  it('250 requests spread over both nodes at once: exactly 180 answered, 70 refused with 429', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 250 }, async (_, i) => {
        const node = nodes[i % 2]!;
        const res = await fetch(`${node.url}${PROXY}/platform/profile-card/screen/`, {
          headers: user.auth,
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(180);
    expect(statuses.filter((s) => s === 429)).toHaveLength(70);
  });

  it('each node on its own now refuses the same user, and tells when to retry', async () => {
    for (const node of nodes) {
      const res = await fetch(`${node.url}${PROXY}/platform/profile-card/screen/`, { headers: user.auth });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
  });
});
