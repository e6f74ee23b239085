// Process entry point: configuration, platform, HTTP server, graceful shutdown.
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createPlatform } from './platform.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const platform = await createPlatform(config);
  const app = await buildApp(platform, { logger: true });
  app.server.requestTimeout = 30_000;
  app.server.headersTimeout = 15_000;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await platform.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`miniapps platform on ${platform.database.dialect} (${platform.database.location})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
