// Reads and writes one user's storage in one app; the key cap holds under concurrent writes.
import { MAX_STORAGE_KEYS } from '@miniapps/contract';
import { type Db, lockRow } from '../db/database.js';

export interface StorageOwner {
  appId: string;
  userId: string;
}

/** Every key of the user in the app with its value, sorted by key. */
export async function listStorage(db: Db, owner: StorageOwner): Promise<Record<string, unknown>> {
  const rows = await db
    .selectFrom('appStorage')
    .select(['key', 'value'])
    .where('appId', '=', owner.appId)
    .where('userId', '=', owner.userId)
    .orderBy('key')
    .execute();
  const values: Record<string, unknown> = {};
  for (const row of rows) values[row.key] = JSON.parse(row.value);
  return values;
}

/** The value of one key, or undefined when the user has none under it. */
export async function getStorage(db: Db, owner: StorageOwner, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('appStorage')
    .select('value')
    .where('appId', '=', owner.appId)
    .where('userId', '=', owner.userId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row === undefined ? undefined : JSON.parse(row.value);
}

/**
 * Writes one key (its JSON text); a new key when the user already keeps MAX_STORAGE_KEYS in the app is refused.
 * The user's row is locked for the count-then-insert, so concurrent writes cannot pass the cap
 * (SQLite runs transactions one at a time already).
 */
export async function putStorage(
  db: Db,
  owner: StorageOwner,
  key: string,
  text: string,
): Promise<'stored' | 'too_many_keys'> {
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'users', owner.userId);
    const now = new Date().toISOString();
    const updated = await trx
      .updateTable('appStorage')
      .set({ value: text, updatedAt: now })
      .where('appId', '=', owner.appId)
      .where('userId', '=', owner.userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return 'stored';
    const { count } = await trx
      .selectFrom('appStorage')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('appId', '=', owner.appId)
      .where('userId', '=', owner.userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_STORAGE_KEYS) return 'too_many_keys';
    await trx
      .insertInto('appStorage')
      .values({ appId: owner.appId, userId: owner.userId, key, value: text, updatedAt: now })
      .execute();
    return 'stored';
  });
}

/** Removes one key; removing a key the user does not have is no error. */
export async function removeStorage(db: Db, owner: StorageOwner, key: string): Promise<void> {
  await db
    .deleteFrom('appStorage')
    .where('appId', '=', owner.appId)
    .where('userId', '=', owner.userId)
    .where('key', '=', key)
    .execute();
}
