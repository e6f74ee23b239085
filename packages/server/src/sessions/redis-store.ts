// Browser sessions in Redis (REDIS_URL): one hash a session, ended by its TTL at its idle or absolute end.
import type { Redis } from 'ioredis';
import type { WebSessionRow } from '../db/schema.js';
import { sessionsUnavailable } from '../errors.js';
import { msLeft, type SealedTokens, type SessionStore } from './store.js';

/** Sets `lastSeenAt` and the new TTL, only on a session still there (a sign-out between must not revive it). */
const TOUCH = `
if redis.call('exists', KEYS[1]) == 0 then return 0 end
redis.call('hset', KEYS[1], 'lastSeenAt', ARGV[1])
redis.call('pexpire', KEYS[1], ARGV[2])
return 1`;

/** Sets the sealed tokens; an empty value is null (the field goes). */
const UPDATE_TOKENS = `
if redis.call('exists', KEYS[1]) == 0 then return 0 end
local fields = {'refreshTokenEnc', 'idTokenEnc', 'refreshAt'}
for i, field in ipairs(fields) do
  if ARGV[i] == '' then redis.call('hdel', KEYS[1], field) else redis.call('hset', KEYS[1], field, ARGV[i]) end
end
return 1`;

/** The refresh's claim, as the database's conditional update: one caller across all nodes moves `refreshAt`. */
const CLAIM_REFRESH = `
if redis.call('hget', KEYS[1], 'refreshAt') ~= ARGV[1] then return 0 end
redis.call('hset', KEYS[1], 'refreshAt', ARGV[2])
return 1`;

/**
 * Times are the platform clock's, as with the database; the TTL (from that clock's now) lets Redis drop a
 * session by itself at its end, and the live check still ends it at the exact limit. A failing Redis is a 503,
 * never a signed-out person: the session is still there when Redis is back.
 */
export function redisSessionStore(redis: Redis, prefix: string): SessionStore {
  const keyOf = (id: string) => `${prefix}session:${id}`;

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch {
      throw sessionsUnavailable();
    }
  }

  return {
    async insert(row, times, now) {
      const ttl = msLeft(row.lastSeenAt, row.expiresAt, times, now);
      const fields = Object.entries(row).filter(([, value]) => value !== null);
      await call(() =>
        redis.multi().hset(keyOf(row.id), Object.fromEntries(fields)).pexpire(keyOf(row.id), ttl).exec(),
      );
    },
    async find(id) {
      const hash = await call(() => redis.hgetall(keyOf(id)));
      if (hash.id === undefined) return undefined;
      return rowOf(hash);
    },
    async touch(id, lastSeenAt, times, expiresAt) {
      const seen = lastSeenAt.toISOString();
      const ttl = msLeft(seen, expiresAt, times, lastSeenAt);
      await call(() => redis.eval(TOUCH, 1, keyOf(id), seen, Math.max(ttl, 1)));
    },
    async updateTokens(id, sealed: SealedTokens) {
      const { refreshTokenEnc, idTokenEnc, refreshAt } = sealed;
      await call(() =>
        redis.eval(UPDATE_TOKENS, 1, keyOf(id), refreshTokenEnc ?? '', idTokenEnc ?? '', refreshAt ?? ''),
      );
    },
    async claimRefresh(id, due, next) {
      const claimed = await call(() => redis.eval(CLAIM_REFRESH, 1, keyOf(id), due, next.toISOString()));
      return claimed === 1;
    },
    async delete(id) {
      await call(() => redis.del(keyOf(id)));
    },
    async deleteExpired() {
      // Nothing to do: each session's TTL ends it.
    },
  };
}

function rowOf(hash: Record<string, string>): WebSessionRow {
  return {
    id: hash.id!,
    userId: hash.userId!,
    issuer: hash.issuer!,
    subject: hash.subject!,
    csrfToken: hash.csrfToken!,
    createdAt: hash.createdAt!,
    lastSeenAt: hash.lastSeenAt!,
    expiresAt: hash.expiresAt!,
    refreshTokenEnc: hash.refreshTokenEnc ?? null,
    idTokenEnc: hash.idTokenEnc ?? null,
    refreshAt: hash.refreshAt ?? null,
  };
}
