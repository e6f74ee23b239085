// Brings the database schema up to date with the migrations shipped in this build.
import { Migrator } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

export interface MigrationReport {
  applied: string[];
}

export async function migrateToLatest(db: Db): Promise<MigrationReport> {
  const migrator = new Migrator({
    db: db.withoutPlugins(),
    provider: { getMigrations: async () => migrations },
    // Numbers are handed out per issue ahead of time, so one may land after a higher one already ran
    // (0033 after 0034): run it then rather than refuse to start.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
