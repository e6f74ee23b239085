// Push devices of a user: register (upsert by platform and token), list, remove, and drop dead tokens.
import type { Device } from '@miniapps/contract';
import { MAX_DEVICES_PER_USER } from '@miniapps/contract';
import { type Db, type Executor, lockRow } from '../db/database.js';
import type { DevicesTable } from '../db/schema.js';
import { newId, nowIso } from '../ids.js';
import type { DevicePlatform } from './rules.js';

/** A Device as the API answers it: the contract's schema. */
export type DeviceView = Device;

export interface NewDevice {
  platform: DevicePlatform;
  token: string;
  clientApp: string | null;
}

function toView(row: DevicesTable): DeviceView {
  return {
    id: row.id,
    platform: row.platform,
    token: row.token,
    clientApp: row.clientApp,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Registers a token for the user. The same token again refreshes it; a token that belonged to another
 * user (the phone changed hands, or another account signed in) moves to this user under a new id, so
 * queued pushes for the former owner are not delivered to the new one.
 */
export async function registerDevice(
  db: Db,
  userId: string,
  input: NewDevice,
): Promise<{ device: DeviceView; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'users', userId);
    const now = nowIso();
    const id = newId('dev');
    const row = await trx
      .insertInto('devices')
      .values({ id, userId, ...input, createdAt: now, updatedAt: now })
      .onConflict((oc) =>
        oc.columns(['platform', 'token']).doUpdateSet((eb) => {
          const sameUser = eb('devices.userId', '=', eb.ref('excluded.userId'));
          return {
            id: eb.case().when(sameUser).then(eb.ref('devices.id')).else(eb.ref('excluded.id')).end(),
            createdAt: eb
              .case()
              .when(sameUser)
              .then(eb.ref('devices.createdAt'))
              .else(eb.ref('excluded.createdAt'))
              .end(),
            userId: eb.ref('excluded.userId'),
            clientApp: eb.ref('excluded.clientApp'),
            updatedAt: eb.ref('excluded.updatedAt'),
          };
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom('devices')
      .where('userId', '=', userId)
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('devices')
          .select('id')
          .where('userId', '=', userId)
          // The device being registered is never the one dropped, even within the same millisecond.
          .orderBy((ob) => ob.case().when('id', '=', row.id).then(0).else(1).end())
          .orderBy('updatedAt', 'desc')
          .orderBy('id')
          .limit(MAX_DEVICES_PER_USER),
      )
      .execute();
    return { device: toView(row), created: row.id === id };
  });
}

export async function listDevices(db: Executor, userId: string): Promise<DeviceView[]> {
  const rows = await db
    .selectFrom('devices')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
  return rows.map(toView);
}

export type DeviceSelector = { id: string } | { platform: DevicePlatform; token: string };

/** Removes one of the user's devices; 0 when it is not theirs or not there (removal is idempotent). */
export async function removeDevice(db: Executor, userId: string, which: DeviceSelector): Promise<number> {
  let query = db.deleteFrom('devices').where('userId', '=', userId);
  query =
    'id' in which
      ? query.where('id', '=', which.id)
      : query.where('platform', '=', which.platform).where('token', '=', which.token);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Removes devices whose tokens a provider declared dead during a send that started at `since`. A device
 * refreshed after that moment was registered again by its app and stays.
 */
export async function removeDeadDevices(
  db: Executor,
  ids: readonly string[],
  since: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('devices')
    .where('id', 'in', ids)
    .where('updatedAt', '<=', since)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
