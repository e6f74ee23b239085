// The SQLite statement cache: repeated SQL reuses one statement, the cache stays bounded, results stay right.
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../src/db/statement-cache.js';

describe('statement cache', () => {
  it('hands back the same statement for the same SQL and correct results each time', () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite);
    db.prepare('create table t (n integer)').run([]);
    const insert = db.prepare('insert into t (n) values (?)');
    for (let n = 1; n <= 3; n++) {
      expect(db.prepare('insert into t (n) values (?)')).toBe(insert);
      insert.run([n]);
    }
    const sum = () => db.prepare('select sum(n) as s from t where n >= ?').all([2]);
    expect(sum()).toEqual([{ s: 5 }]);
    insert.run([10]);
    expect(sum()).toEqual([{ s: 15 }]);
    expect(db.size()).toBe(3);
    db.close();
    expect(sqlite.open).toBe(false);
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite, 2);
    const one = db.prepare('select 1');
    const two = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(one); // now "select 2" is the least recently used
    db.prepare('select 3');
    expect(db.size()).toBe(2);
    expect(db.prepare('select 1')).toBe(one);
    expect(db.prepare('select 2')).not.toBe(two);
    db.close();
  });
});
