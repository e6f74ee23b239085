// The running platform's parts, made once from the configuration and handed to the HTTP app.
import { collectDefaultMetrics, Registry } from 'prom-client';
import { createUserTokens, type UserTokens } from './auth/user-tokens.js';
import type { Config } from './config.js';
import { type Database, type Db, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createLog } from './notify/log.js';
import { createPushService, type PushService } from './notify/push-service.js';

export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  userTokens: UserTokens;
  metrics: Registry;
  /** Push notifications: provider clients, the delivery queue and (unless off) the worker. */
  push: PushService;
  /** Closes what the platform opened, in reverse order. */
  close(): Promise<void>;
}

export async function createPlatform(config: Config): Promise<Platform> {
  const database = openDatabase(config);
  const closers: Array<() => Promise<void>> = [() => database.close()];
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });

  const push = createPushService(config, database.db, createLog(config.logLevel));
  closers.push(() => push.close());

  return {
    config,
    database,
    db: database.db,
    userTokens: createUserTokens({ secret: config.keys.authJwtSecret, jwksUrl: config.authJwksUrl }),
    metrics,
    push,
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
}
