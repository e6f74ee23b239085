// Browser sessions in the database's web_sessions table: the store without REDIS_URL.
import type { Db } from '../db/database.js';
import type { SessionStore } from './store.js';

export function databaseSessionStore(db: Db): SessionStore {
  return {
    async insert(row) {
      await db.insertInto('webSessions').values(row).execute();
    },
    find(id) {
      return db.selectFrom('webSessions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async touch(id, lastSeenAt) {
      await db
        .updateTable('webSessions')
        .set({ lastSeenAt: lastSeenAt.toISOString() })
        .where('id', '=', id)
        .execute();
    },
    async updateTokens(id, sealed) {
      await db.updateTable('webSessions').set(sealed).where('id', '=', id).execute();
    },
    async claimRefresh(id, due, next) {
      const result = await db
        .updateTable('webSessions')
        .set({ refreshAt: next.toISOString() })
        .where('id', '=', id)
        .where('refreshAt', '=', due)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async delete(id) {
      await db.deleteFrom('webSessions').where('id', '=', id).execute();
    },
    async deleteExpired(now) {
      await db.deleteFrom('webSessions').where('expiresAt', '<=', now.toISOString()).execute();
    },
  };
}
