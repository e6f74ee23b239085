// `npm run worker`: a process that only sends pushes, taking chunk jobs from the BullMQ queue on REDIS_URL.
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { startMetricsServer } from '../health/metrics-server.js';
import { createProcessMetrics } from '../health/process-metrics.js';
import { onShutdownSignals } from '../lifecycle/graceful-shutdown.js';
import { createLog } from '../log.js';
import { createBullQueue, startBullWorker } from './bullmq-queue.js';
import { startMaintenance } from './maintenance.js';
import { startOutboxDrain } from './outbox.js';
import { closeProviders, createProviders, platformsOf } from './providers/index.js';
import { chunkHandler } from './push-service.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLog(config.logLevel);
  if (!config.redisUrl) {
    throw new ConfigError([
      'The push worker takes its jobs from Redis: set REDIS_URL (without it the server sends in-process).',
    ]);
  }
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  // The worker's own registry: its sends, pool and Redis connections. The queue's depth is the server's to say.
  const { registry: metrics, redis: redisStates } = createProcessMetrics(database.pool);
  const providers = createProviders(config.push, { devInbox: config.devLogin ? database.db : undefined });
  const requeue = createBullQueue(config.redisUrl, config.push.queueName, log, redisStates);
  const worker = startBullWorker(
    config.redisUrl,
    config.push.queueName,
    chunkHandler({ db: database.db, providers, retry: config.push.retry, log }, metrics),
    {
      concurrency: config.push.concurrency,
      requeue,
      log,
      states: redisStates,
    },
  );
  const port = config.observability.workerMetricsPort;
  const metricsServer =
    port === undefined
      ? undefined
      : await startMetricsServer(metrics, config.observability, { port, host: config.host });
  const stopMaintenance = startMaintenance(database.db, requeue, log);
  const stopDrain = startOutboxDrain(database.db, requeue, log);
  log.info(
    {
      queue: config.push.queueName,
      platforms: platformsOf(providers),
      database: database.location,
      ...(metricsServer && { metricsPort: metricsServer.port }),
    },
    'push worker started',
  );

  onShutdownSignals(
    async (signal) => {
      log.info({ signal }, 'push worker stopping');
      stopMaintenance();
      stopDrain();
      await metricsServer?.close();
      await worker.close();
      await requeue.close();
      await closeProviders(providers);
      await database.close();
      return 'drained';
    },
    { warn: (msg) => log.warn(`push worker: ${msg}`) },
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
