// Process entry point: configuration, platform, HTTP server, drain on SIGTERM.
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { drainAndClose, onShutdownSignals } from './lifecycle/graceful-shutdown.js';
import { createPlatform } from './platform.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const platform = await createPlatform(config);
  const app = await buildApp(platform, { logger: true });
  app.server.requestTimeout = 30_000;
  app.server.headersTimeout = 15_000;

  onShutdownSignals((signal) => drainAndClose(app, platform, config.shutdown, signal), app.log);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`miniapps platform on ${platform.database.dialect} (${platform.database.location})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
