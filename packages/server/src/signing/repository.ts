// Signing secrets of remote apps: generate, rotate (previous kept 24 hours), disable, and read for signing.

import { randomBytes } from 'node:crypto';
import { PREVIOUS_SECRET_VALID_MS } from '@miniapps/contract';
import type { Db, Executor } from '../db/database.js';
import { lockRow } from '../db/database.js';
import { nowIso } from '../ids.js';
import { openSecret, sealSecret } from './secret-box.js';

const SECRET_PREFIX = 'mapp_ss_';

/** A new secret: a recognizable prefix (secret scanners find it) and 32 random bytes in hex. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('hex')}`;
}

export interface IssuedSecret {
  secret: string;
  /** Set on a rotation: until when the previous secret still signs (X-Platform-Signature-Prev). */
  previousValidUntil?: string;
}

/** Generates the app's first secret, or rotates: the current one becomes the previous for 24 hours. */
export async function issueSigningSecret(
  db: Db,
  sealKey: Buffer,
  appId: string,
  now: number,
): Promise<IssuedSecret> {
  const secret = newSigningSecret();
  const sealed = sealSecret(sealKey, appId, secret);
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'apps', appId);
    const existing = await findSigningRow(trx, appId);
    const at = nowIso(new Date(now));
    if (!existing) {
      await trx
        .insertInto('signingSecrets')
        .values({
          appId,
          secretEnc: sealed,
          previousEnc: null,
          previousValidUntil: null,
          createdAt: at,
          rotatedAt: null,
        })
        .execute();
      return { secret };
    }
    // A second rotation within 24 hours replaces the previous: only the last two secrets ever sign.
    const previousValidUntil = nowIso(new Date(now + PREVIOUS_SECRET_VALID_MS));
    await trx
      .updateTable('signingSecrets')
      .set({ secretEnc: sealed, previousEnc: existing.secretEnc, previousValidUntil, rotatedAt: at })
      .where('appId', '=', appId)
      .execute();
    return { secret, previousValidUntil };
  });
}

/** Removes the app's secrets: requests go unsigned from now on. True when there was one. */
export async function disableSigningSecret(db: Executor, appId: string): Promise<boolean> {
  const result = await db.deleteFrom('signingSecrets').where('appId', '=', appId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function findSigningRow(db: Executor, appId: string) {
  return db.selectFrom('signingSecrets').selectAll().where('appId', '=', appId).executeTakeFirst();
}

/** The sealed columns as stored; the proxy reads them along with the app. */
export interface SealedSecrets {
  secretEnc: string | null;
  previousEnc: string | null;
  previousValidUntil: string | null;
}

export interface SigningKeys {
  current: string;
  /** Present only inside the rotation window. */
  previous: string | undefined;
}

/**
 * Opens the secrets that sign at `now`. Opened values are remembered by their ciphertext, so a
 * rotation (new ciphertext) is picked up at once and each secret is decrypted once per process.
 */
export function createSecretReader(sealKey: Buffer) {
  const opened = new Map<string, string>();
  const MAX_REMEMBERED = 10_000;

  function open(appId: string, sealed: string): string {
    const key = `${appId}|${sealed}`;
    let secret = opened.get(key);
    if (secret === undefined) {
      secret = openSecret(sealKey, appId, sealed);
      if (opened.size >= MAX_REMEMBERED) opened.clear();
      opened.set(key, secret);
    }
    return secret;
  }

  return function signingKeys(appId: string, row: SealedSecrets, now: number): SigningKeys | undefined {
    if (!row.secretEnc) return undefined;
    const inWindow =
      row.previousEnc !== null && row.previousValidUntil !== null && Date.parse(row.previousValidUntil) > now;
    return {
      current: open(appId, row.secretEnc),
      previous: inWindow && row.previousEnc ? open(appId, row.previousEnc) : undefined,
    };
  };
}

export type SecretReader = ReturnType<typeof createSecretReader>;
