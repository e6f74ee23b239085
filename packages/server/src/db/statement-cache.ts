// Reuses better-sqlite3 prepared statements by their SQL text, so a repeated query skips SQLite's parser.
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Enough for every distinct query the platform makes; past it the least recently used is dropped. */
const MAX_STATEMENTS = 1000;

/**
 * Kysely prepares every query afresh, and preparing costs more than running a small indexed query.
 * Reuse is safe: Kysely runs one query at a time on its single SQLite connection, so a statement is
 * never in use twice at once.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  max = MAX_STATEMENTS,
): SqliteDatabase & { size(): number } {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) {
        // Map keeps insertion order: moving the entry to the end makes the first key the least recently used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > max) statements.delete(statements.keys().next().value!);
      return statement;
    },
    size: () => statements.size,
  };
}
