// `npm run migrate`: applies pending migrations to the configured database and exits.
import { loadConfig } from '../config.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const config = loadConfig();
const database = openDatabase(config);
try {
  const { applied } = await migrateToLatest(database.db);
  console.log(
    applied.length > 0
      ? `Applied ${applied.length} migration(s) to ${database.location}: ${applied.join(', ')}`
      : `${database.location} is up to date.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
