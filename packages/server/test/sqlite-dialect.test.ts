// The SQLite connection queue: queries take turns in order, and a transaction keeps every other query out until it ends.
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { QueuedSqliteDialect } from '../src/db/sqlite-dialect.js';

interface Tables {
  notes: { id: number; text: string };
}

describe('queued SQLite dialect', () => {
  let db: Kysely<Tables>;
  afterEach(() => db.destroy());

  async function open(): Promise<Kysely<Tables>> {
    db = new Kysely<Tables>({ dialect: new QueuedSqliteDialect({ database: new SQLite(':memory:') }) });
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
    return db;
  }

  it('runs 500 queries made at once, each to the end, in the order they were made', async () => {
    await open();
    const finished: number[] = [];
    await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        db
          .insertInto('notes')
          .values({ id: i, text: `note ${i}` })
          .execute()
          .then(() => finished.push(i)),
      ),
    );
    expect(finished).toEqual(Array.from({ length: 500 }, (_, i) => i));
    const count = await db
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(count?.n).toBe(500);
  });

  it('a query made during a transaction waits for its end and never sees its uncommitted rows', async () => {
    await open();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 1, text: 'draft' }).execute();
      order.push('inserted');
      await held;
      throw new Error('roll back');
    });
    // Let the transaction take the connection first.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const reading = db
      .selectFrom('notes')
      .selectAll()
      .execute()
      .then((rows) => {
        order.push('read');
        return rows;
      });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['inserted']);
    release();
    await expect(transaction).rejects.toThrow('roll back');
    expect(await reading).toEqual([]);
    expect(order).toEqual(['inserted', 'read']);
  });
});
