// `npm run backup -- <dir>`: copies the SQLite database (while the platform runs) and the generated keys into <dir>.
import { resolve } from 'node:path';
import type { KnownEnv } from '../config/variables.js';
import { dataDirFrom, KEY_FILE } from '../config.js';
import type { CopyProgress } from './copy-database.js';
import { BackupRefused, MANIFEST_FILE, writeBackup } from './write-backup.js';

const USAGE = `Usage: npm run backup -- <directory>

Copies the platform's SQLite database (DATA_DIR/miniapps.db, safely while the platform runs) and its
generated keys (DATA_DIR/keys.json) into <directory>, which must be new or empty.
Restore and PostgreSQL backups: docs/operations.md.`;

/** Keys that, when set, live only in the environment: the backup cannot hold them. */
const ENVIRONMENT_KEYS = ['PLATFORM_KEY', 'SERVICE_ROLE_KEY', 'AUTH_JWT_SECRET'] as const;

async function main(args: string[], env: KnownEnv, cwd: string): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const [dir, ...extra] = args;
  if (!dir || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  if (env.DATABASE_URL) {
    throw new BackupRefused(
      'DATABASE_URL is set: the data is in PostgreSQL, which this command does not copy. Back it up with ' +
        'pg_dump (and restore with pg_restore); see docs/operations.md, "PostgreSQL".',
    );
  }
  const dataDir = dataDirFrom(env);
  const target = resolve(cwd, dir);
  console.log(`Backing up ${dataDir} to ${target}`);

  const result = await writeBackup({ dataDir, target, onProgress: progressPrinter() });
  const { manifest } = result;
  if (result.restarts > 0) {
    console.log(
      `  the platform wrote during the copy; copied the rest in one step (${result.restarts} restart(s))`,
    );
  }
  console.log(`  integrity check: ok; newest migration: ${manifest.lastMigration ?? 'none'}`);
  console.log(`Backup written to ${target}:`);
  for (const file of manifest.files) {
    console.log(`  ${file.name.padEnd(12)} ${formatBytes(file.bytes).padStart(10)}  sha256 ${file.sha256}`);
  }
  console.log(`  ${MANIFEST_FILE.padEnd(12)} (what was copied, when, and from where)`);

  const inEnvironment = ENVIRONMENT_KEYS.filter((name) => env[name]);
  if (inEnvironment.length > 0) {
    console.log(
      `Not in this backup: ${inEnvironment.join(', ')} (set in the environment). Keep them with the backup in ` +
        'your secret store: without the same PLATFORM_KEY, pseudonymous ids and signing secrets are lost.',
    );
  } else if (!result.keysCopied) {
    console.warn(
      `Warning: no ${KEY_FILE} in DATA_DIR and no ${ENVIRONMENT_KEYS.join(', ')} in this environment: the backup ` +
        'holds no keys. A production platform takes them from its environment: keep them in your secret store.',
    );
  }
  console.log('Restore: copy these files into a new, empty DATA_DIR and start the platform on it.');
  return 0;
}

/** Prints a line per 10 % of pages copied (and the last), not one per step. */
function progressPrinter(): (progress: CopyProgress) => void {
  let lastTenth = -1;
  return ({ copiedPages, totalPages }) => {
    const tenth = totalPages === 0 ? 10 : Math.floor((copiedPages / totalPages) * 10);
    if (tenth === lastTenth) return;
    lastTenth = tenth;
    const percent = totalPages === 0 ? 100 : Math.floor((copiedPages / totalPages) * 100);
    console.log(`  copied ${copiedPages} of ${totalPages} pages (${percent} %)`);
  };
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

// npm runs scripts in the package's directory; INIT_CWD is where the command was typed.
main(process.argv.slice(2), process.env, process.env.INIT_CWD ?? process.cwd()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof BackupRefused ? `Backup refused: ${error.message}` : error);
    process.exitCode = 1;
  },
);
