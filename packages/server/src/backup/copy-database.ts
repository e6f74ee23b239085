// A consistent copy of a live SQLite database through SQLite's online backup API, step by step with progress.
import SQLite from 'better-sqlite3';

export interface CopyProgress {
  copiedPages: number;
  totalPages: number;
}

export interface CopyResult {
  pages: number;
  /** Times another connection's commit made SQLite start the copy over. */
  restarts: number;
}

/** Pages per step while nobody writes: about twenty progress reports, at least 4 MiB (of 4 KiB pages) a step. */
function stepSize(totalPages: number): number {
  return Math.max(1024, Math.ceil(totalPages / 20));
}

/** The largest step better-sqlite3 accepts: the rest in one go. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies `source` (opened read-only, never created) to `destination`. The platform may keep writing:
 * SQLite restarts a stepwise copy whenever another connection commits between steps, so after a restart
 * the rest is copied in one step, under one read transaction. In WAL mode that blocks no writer, and the
 * copy still ends while writes go on.
 */
export async function copyDatabase(
  source: string,
  destination: string,
  onProgress: (progress: CopyProgress) => void,
): Promise<CopyResult> {
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  let restarts = 0;
  let expectedRemaining = Number.POSITIVE_INFINITY;
  try {
    const { totalPages } = await db.backup(destination, {
      progress: ({ totalPages, remainingPages }) => {
        // A restart shows as more pages left than the last step should have left.
        if (remainingPages > expectedRemaining) restarts++;
        onProgress({ copiedPages: totalPages - remainingPages, totalPages });
        const step = restarts > 0 ? ALL_PAGES : stepSize(totalPages);
        expectedRemaining = Math.max(0, remainingPages - step);
        return step;
      },
    });
    onProgress({ copiedPages: totalPages, totalPages });
    return { pages: totalPages, restarts };
  } finally {
    db.close();
  }
}

export interface CopyCheck {
  /** `ok`, or SQLite's list of problems. */
  integrity: string;
  /** The newest migration the copy holds (its schema version). */
  lastMigration: string | null;
}

/** Reads the copy back: SQLite's integrity check and the newest applied migration. */
export function checkCopy(file: string): CopyCheck {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    const migrated = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    const last = migrated
      ? (db.prepare('select name from kysely_migration order by name desc limit 1').get() as
          | { name: string }
          | undefined)
      : undefined;
    return {
      integrity: rows.map((row) => row.integrity_check).join('; '),
      lastMigration: last?.name ?? null,
    };
  } finally {
    db.close();
  }
}
