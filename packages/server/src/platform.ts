// The running platform's parts, made once from the configuration and handed to the HTTP app.
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import { createUserTokens, type UserTokens } from './auth/user-tokens.js';
import type { Config } from './config.js';
import { type Database, type Db, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createEgress, type Egress } from './egress/agent.js';
import { createDevOrigins } from './egress/dev-origins.js';
import type { FileStore } from './file-store/file-store.js';
import { openFileStore } from './file-store/open-store.js';
import { createProcessMetrics } from './health/process-metrics.js';
import { type Clock, systemClock } from './infra/clock.js';
import { closeRedis, connectRedis } from './infra/redis-connection.js';
import { createLog, type Log } from './log.js';
import { createPushService, type PushService } from './notify/push-service.js';
import { createRelyingParty, type RelyingParty } from './oidc/relying-party.js';
import { createSessionResolver } from './oidc/session-resolver.js';
import { CONTEXT_TABLES } from './proxy/context/request-context.js';
import { startWriteBroadcast, type WriteBroadcast } from './proxy/context/write-broadcast.js';
import { WriteCounter } from './proxy/context/write-counter.js';
import { createRateQuotas, type RateQuotas } from './quotas/rates.js';
import { createRateLimiter, PROXY_RATE_LIMIT, type RateLimiter } from './ratelimit/index.js';
import { databaseSessionStore } from './sessions/database-store.js';
import { redisSessionStore } from './sessions/redis-store.js';
import type { SessionStore } from './sessions/store.js';
import type { WebSessions } from './sessions/web-sessions.js';

export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  userTokens: UserTokens;
  /** The identity provider as discovered at start-up (OIDC_ISSUER); undefined when sign-in is by tokens only. */
  oidc: RelyingParty | undefined;
  /** Browser sessions made by the OpenID Connect sign-in; undefined without OIDC_ISSUER. */
  webSessions: WebSessions | undefined;
  /** Where browser sessions live: Redis when REDIS_URL is set (shared by every node), else the database. */
  sessions: SessionStore;
  metrics: Registry;
  /** Where the platform reads the time; a test may replace it with a ManualClock. */
  clock: Clock;
  /** The shared Redis connection, when REDIS_URL is set (rate limits, queues). */
  redis: Redis | undefined;
  /** Proxy requests per user: in memory on one node, in Redis when several nodes share it. */
  limiter: RateLimiter;
  /** Deploys, notify calls and webhook tests per app (QUOTA_*): in memory on one node, in Redis when shared. */
  rateQuotas: RateQuotas;
  /** The HTTP client for remote origins, with host safety on every connection. */
  egress: Egress;
  /** Moves on every write through `db`; in-process caches (the proxy's) compare it to know they are current. */
  writes: WriteCounter;
  /** With Redis: announces this process's writes to the others and moves `writes` on theirs. */
  writeBroadcast: WriteBroadcast | undefined;
  /** Push notifications: provider clients, the delivery queue and (unless off) the worker. */
  push: PushService;
  /** The files of form responses (a folder under DATA_DIR, or S3); never bytes in the database. */
  files: FileStore;
  /** The platform's logger (LOG_LEVEL); the HTTP app logs its requests through it when asked to. */
  log: Log;
  /** Set when the process drains after SIGTERM: /readyz answers 503 so load balancers move away. */
  draining: boolean;
  /** Closes what the platform opened, in reverse order. */
  close(): Promise<void>;
}

export async function createPlatform(config: Config): Promise<Platform> {
  const log = createLog(config.logLevel);
  // First: a wrong issuer stops the start-up before anything is opened (a ConfigError that says why).
  const oidc = config.oidc ? await createRelyingParty(config.oidc) : undefined;
  const database = openDatabase({
    ...config,
    onIdleError: (error) => log.warn({ err: error.message }, 'database connection dropped'),
  });
  const closers: Array<() => Promise<void>> = [() => database.close()];
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const { registry: metrics, redis: redisStates } = createProcessMetrics(database.pool);

  const redis = config.redisUrl ? connectRedis(config.redisUrl, log) : undefined;
  if (redis) {
    closers.push(() => closeRedis(redis));
    redisStates.watch('platform', () => redis.status === 'ready');
  }
  // Parts that read the time follow `platform.clock`, so replacing it moves them all.
  const clock: Clock = { now: () => platform.clock.now() };
  const limiter = createRateLimiter(PROXY_RATE_LIMIT, clock, {
    name: 'proxy',
    redis,
    prefix: config.proxy.rateLimitPrefix,
    log,
    metrics,
  });
  closers.push(() => limiter.close());
  const rateQuotas = createRateQuotas(config.quotas, clock, {
    redis,
    prefix: config.proxy.rateLimitPrefix,
    log,
    metrics,
  });
  closers.push(() => rateQuotas.close());
  const egress = createEgress(config.egress, {
    extraCa: config.proxy.extraCa,
    // The same switch as the dev login: in production there is no registry, so nothing can consult one.
    devOrigins: config.devLogin ? createDevOrigins() : undefined,
  });
  closers.push(() => egress.close());
  const writes = new WriteCounter(CONTEXT_TABLES);
  const writeBroadcast = redis
    ? startWriteBroadcast(redis, writes, {
        channel: `${config.proxy.rateLimitPrefix}writes`,
        settleMs: 1_000,
      })
    : undefined;
  if (writeBroadcast) {
    closers.push(() => writeBroadcast.close());
    redisStates.watch('subscriber', () => writeBroadcast.listening);
  }

  const push = createPushService(config, database.db, log, { registry: metrics, redis: redisStates });
  closers.push(() => push.close());

  const db = database.db.withPlugin(writes);
  const files = openFileStore(config.fileStore);
  closers.push(async () => files.close());
  const platform: Platform = {
    config,
    database,
    db,
    userTokens: createUserTokens({
      secret: config.keys.authJwtSecret,
      jwksUrl: config.authJwksUrl,
      issuer: config.auth.jwtIssuer,
      audience: config.auth.jwtAudience,
      maxLifetimeSeconds: config.auth.maxTokenLifetimeSeconds,
    }),
    oidc,
    webSessions: undefined,
    sessions: redis ? redisSessionStore(redis, config.proxy.rateLimitPrefix) : databaseSessionStore(db),
    metrics,
    push,
    files,
    log,
    clock: systemClock,
    redis,
    limiter,
    rateQuotas,
    egress,
    writes,
    writeBroadcast,
    draining: false,
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
  if (oidc) {
    platform.webSessions = createSessionResolver({
      rp: oidc,
      db: platform.db,
      sessions: platform.sessions,
      key: config.keys.platformKey,
      clock,
      log,
    });
  }
  return platform;
}
