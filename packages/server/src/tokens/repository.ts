// Deploy tokens of an account: at most 5 live ones, created under a row lock so the limit holds under concurrency.
import { type DeployToken, MAX_LIVE_TOKENS } from '@miniapps/contract';
import { type Db, type Executor, lockRow } from '../db/database.js';
import { newId, nowIso } from '../ids.js';
import { generateDeployToken, hashDeployToken } from './token-format.js';

/** A token as the API shows it (never its value). */
export type TokenView = DeployToken;

export type CreateTokenResult = { ok: true; token: string; view: TokenView } | { ok: false; reason: 'limit' };

export async function createDeployToken(db: Db, userId: string, name: string): Promise<CreateTokenResult> {
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'users', userId);
    const { live } = await trx
      .selectFrom('deployTokens')
      .select((eb) => eb.fn.countAll<number>().as('live'))
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(live) >= MAX_LIVE_TOKENS) return { ok: false as const, reason: 'limit' as const };
    const token = generateDeployToken();
    const view: TokenView = { id: newId('tok'), name, createdAt: nowIso(), lastUsedAt: null };
    await trx
      .insertInto('deployTokens')
      .values({ ...view, userId, tokenHash: hashDeployToken(token), revokedAt: null })
      .execute();
    return { ok: true as const, token, view };
  });
}

export async function listDeployTokens(db: Executor, userId: string): Promise<TokenView[]> {
  return db
    .selectFrom('deployTokens')
    .select(['id', 'name', 'createdAt', 'lastUsedAt'])
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .orderBy('createdAt')
    .execute();
}

/** Revokes a live token of the user; false when there is none with that id. */
export async function revokeDeployToken(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('deployTokens')
    .set({ revokedAt: nowIso() })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface TokenOwner {
  tokenId: string;
  userId: string;
}

/** The live token with this value, or undefined. Looked up by hash, so timing says nothing of the value. */
export async function findLiveToken(db: Executor, value: string): Promise<TokenOwner | undefined> {
  const row = await db
    .selectFrom('deployTokens')
    .select(['id', 'userId'])
    .where('tokenHash', '=', hashDeployToken(value))
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return row && { tokenId: row.id, userId: row.userId };
}

export async function touchDeployToken(db: Executor, tokenId: string): Promise<void> {
  await db.updateTable('deployTokens').set({ lastUsedAt: nowIso() }).where('id', '=', tokenId).execute();
}
