// Writes one backup directory: the SQLite copy, the generated keys and a manifest, refusing to overwrite anything.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  constants,
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { KEY_FILE } from '../config.js';
import { SQLITE_FILE } from '../db/database.js';
import { type CopyProgress, checkCopy, copyDatabase } from './copy-database.js';

/** The manifest's name; the backup is complete once it exists (it is written last). */
export const MANIFEST_FILE = 'backup.json';

/** A backup this command will not make; the message says what to do instead. */
export class BackupRefused extends Error {
  override readonly name = 'BackupRefused';
}

export interface BackupFile {
  name: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: 1;
  createdAt: string;
  source: string;
  /** Newest migration in the copy: restore it into this version of the platform or a newer one. */
  lastMigration: string | null;
  pages: number;
  files: BackupFile[];
}

export interface BackupOptions {
  dataDir: string;
  target: string;
  onProgress: (progress: CopyProgress) => void;
}

export interface BackupResult {
  manifest: Manifest;
  /** Whether DATA_DIR held generated keys (copied); without them the keys live in the environment. */
  keysCopied: boolean;
  restarts: number;
}

export async function writeBackup({ dataDir, target, onProgress }: BackupOptions): Promise<BackupResult> {
  const source = join(dataDir, SQLITE_FILE);
  if (!existsSync(source)) {
    throw new BackupRefused(`No SQLite database at ${source}: is DATA_DIR the platform's data directory?`);
  }
  prepareTarget(target);

  // Written under a temporary name and renamed once checked, so a broken-off run leaves no file that
  // looks like a good copy.
  const partial = join(target, `${SQLITE_FILE}.partial`);
  const copy = await copyDatabase(source, partial, onProgress);
  const check = checkCopy(partial);
  if (check.integrity !== 'ok') {
    throw new Error(
      `The copy failed SQLite's integrity check (${check.integrity}); it is left at ${partial}`,
    );
  }
  renameSync(partial, join(target, SQLITE_FILE));

  const keyFile = join(dataDir, KEY_FILE);
  const keysCopied = existsSync(keyFile);
  if (keysCopied) copyFileSync(keyFile, join(target, KEY_FILE), constants.COPYFILE_EXCL);

  const names = keysCopied ? [SQLITE_FILE, KEY_FILE] : [SQLITE_FILE];
  const files: BackupFile[] = [];
  for (const name of names) {
    const path = join(target, name);
    chmodSync(path, 0o600); // the keys are secrets, and the database holds encrypted ones
    files.push(await describe(path, name));
  }
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    source,
    lastMigration: check.lastMigration,
    pages: copy.pages,
    files,
  };
  writeFileSync(join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  return { manifest, keysCopied, restarts: copy.restarts };
}

/** A new or empty directory: a backup never mixes with or overwrites another. */
function prepareTarget(target: string): void {
  if (!existsSync(target)) {
    mkdirSync(target, { recursive: true, mode: 0o700 });
    return;
  }
  if (!statSync(target).isDirectory()) throw new BackupRefused(`${target} exists and is not a directory.`);
  if (readdirSync(target).length > 0) {
    throw new BackupRefused(
      `${target} is not empty: give a new or empty directory (a backup never overwrites).`,
    );
  }
}

/** Size and sha256, read as a stream: a database may be larger than memory. */
async function describe(path: string, name: string): Promise<BackupFile> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return { name, bytes: statSync(path).size, sha256: hash.digest('hex') };
}
