// The online copy (a commit by another connection between two steps restarts it, it still ends consistent) and its target.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { type CopyProgress, checkCopy, copyDatabase } from '../src/backup/copy-database.js';
import { BackupRefused, writeBackup } from '../src/backup/write-backup.js';

const dir = mkdtempSync(join(tmpdir(), 'miniapps-copy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A WAL database of about 5,000 pages (20 MiB), so the copy takes several steps. */
function bigDatabase(name: string): string {
  const file = join(dir, name);
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.exec('create table rows (id integer primary key, body text not null)');
  const insert = db.prepare('insert into rows (body) values (?)');
  db.transaction(() => {
    for (let i = 0; i < 5000; i++) insert.run('x'.repeat(4000));
  })();
  db.close();
  return file;
}

function count(file: string): number {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare('select count(*) as n from rows').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('copyDatabase', () => {
  it('copies in steps, reporting progress up to every page', async () => {
    const source = bigDatabase('quiet.db');
    const seen: CopyProgress[] = [];
    const result = await copyDatabase(source, join(dir, 'quiet-copy.db'), (p) => seen.push(p));
    expect(result.restarts).toBe(0);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.at(-1)).toEqual({ copiedPages: result.pages, totalPages: result.pages });
    expect(checkCopy(join(dir, 'quiet-copy.db')).integrity).toBe('ok');
    expect(count(join(dir, 'quiet-copy.db'))).toBe(5000);
  });

  it('restarts when another connection commits between steps, and finishes with that commit in', async () => {
    const source = bigDatabase('busy.db');
    const writer = new SQLite(source);
    let writes = 0;
    const result = await copyDatabase(source, join(dir, 'busy-copy.db'), ({ copiedPages }) => {
      // A commit from another connection in the middle of the copy, as the running platform makes.
      if (copiedPages > 0 && writes === 0) {
        writer.prepare('insert into rows (body) values (?)').run('late');
        writes++;
      }
    });
    writer.close();
    expect(writes).toBe(1);
    expect(result.restarts).toBe(1);
    expect(checkCopy(join(dir, 'busy-copy.db')).integrity).toBe('ok');
    expect(count(join(dir, 'busy-copy.db'))).toBe(5001);
  });

  it('never creates a source that is not there', async () => {
    await expect(copyDatabase(join(dir, 'missing.db'), join(dir, 'x.db'), () => {})).rejects.toThrow();
  });
});

describe('writeBackup target', () => {
  /** A DATA_DIR with a small database and no keys.json. */
  function dataDir(name: string): string {
    const data = join(dir, name);
    mkdirSync(data);
    const db = new SQLite(join(data, 'miniapps.db'));
    db.exec('create table rows (id integer primary key)');
    db.close();
    return data;
  }

  it('takes a directory that exists and is empty', async () => {
    const target = join(dir, 'empty-target');
    mkdirSync(target);
    const result = await writeBackup({ dataDir: dataDir('data-empty'), target, onProgress: () => {} });
    expect(result.keysCopied).toBe(false);
    expect(readdirSync(target).sort()).toEqual(['backup.json', 'miniapps.db']);
  });

  it('refuses one holding a single file, and a file in its place, leaving them as they were', async () => {
    const data = dataDir('data-full');
    const target = join(dir, 'one-file-target');
    mkdirSync(target);
    writeFileSync(join(target, '.keep'), '');
    await expect(writeBackup({ dataDir: data, target, onProgress: () => {} })).rejects.toThrow(BackupRefused);
    expect(readdirSync(target)).toEqual(['.keep']);
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    await expect(writeBackup({ dataDir: data, target: file, onProgress: () => {} })).rejects.toThrow(
      /is not a directory/,
    );
  });
});
