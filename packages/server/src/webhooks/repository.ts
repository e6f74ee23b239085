// Webhook endpoints of an app: create (the secret sealed, shown once), list, change, remove, and the public view.
import type { Webhook } from '@miniapps/contract';

import type { WebhookEventType } from '@miniapps/schema';
import type { Db, Executor } from '../db/database.js';
import type { WebhookEndpointsTable } from '../db/schema.js';
import { AppError } from '../errors.js';
import { newId, nowIso } from '../ids.js';
import { lockedCount } from '../quotas/locked-count.js';
import { openSecret, sealSecret } from '../signing/secret-box.js';
import { newWebhookSecret } from './signature.js';

export type EndpointRow = WebhookEndpointsTable;

/** Why an endpoint was disabled, kept as JSON so the console can say it in the reader's language. */
export type DisabledReason =
  | { reason: 'failing'; failingSince: string; lastStatus: number | null; lastError: string | null }
  | { reason: 'by_hand' };

/** A Webhook as the API answers it: the contract's schema. */
export type EndpointView = Webhook;

export function endpointView(row: EndpointRow): EndpointView {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    failingSince: row.failingSince,
    disabled:
      row.disabledAt === null
        ? null
        : { at: row.disabledAt, ...(JSON.parse(row.disabledReason ?? '{}') as DisabledReason) },
  };
}

/** The endpoint id is bound into the ciphertext: a sealed secret copied to another row does not open. */
export function openEndpointSecret(sealKey: Buffer, row: Pick<EndpointRow, 'id' | 'secretEnc'>): string {
  return openSecret(sealKey, row.id, row.secretEnc);
}

/**
 * Registers an endpoint unless the app has `maxPerApp` already (undefined then). The app's row is locked
 * first, so two registrations at once cannot both pass the count.
 */
export async function createEndpoint(
  db: Db,
  sealKey: Buffer,
  input: { appId: string; url: string; events: WebhookEventType[]; now: number },
  maxPerApp: number,
): Promise<{ row: EndpointRow; secret: string } | undefined> {
  const id = newId('whe');
  const secret = newWebhookSecret();
  const at = nowIso(new Date(input.now));
  const row: EndpointRow = {
    id,
    appId: input.appId,
    url: input.url,
    events: JSON.stringify(input.events),
    secretEnc: sealSecret(sealKey, id, secret),
    failingSince: null,
    disabledAt: null,
    disabledReason: null,
    createdAt: at,
    updatedAt: at,
  };
  return db.transaction().execute(async (trx) => {
    const endpoints = await lockedCount(
      trx,
      { table: 'apps', id: input.appId },
      { table: 'webhookEndpoints', column: 'appId' },
    );
    if (endpoints >= maxPerApp) return undefined;
    await trx.insertInto('webhookEndpoints').values(row).execute();
    return { row, secret };
  });
}

export function listEndpoints(db: Executor, appId: string): Promise<EndpointRow[]> {
  return db
    .selectFrom('webhookEndpoints')
    .selectAll()
    .where('appId', '=', appId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** The app's endpoint; 404 alike for a missing id and another app's. */
export async function endpointOf(db: Executor, appId: string, id: string): Promise<EndpointRow> {
  const row = await db
    .selectFrom('webhookEndpoints')
    .selectAll()
    .where('appId', '=', appId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', { key: 'webhooks.not_found', values: { id } });
  return row;
}

export interface EndpointChange {
  url?: string;
  events?: WebhookEventType[];
  /** True re-enables a disabled endpoint and forgets its failures; false disables it by hand. */
  enabled?: boolean;
}

export async function updateEndpoint(
  db: Executor,
  row: EndpointRow,
  change: EndpointChange,
  now: number,
): Promise<EndpointRow> {
  const at = nowIso(new Date(now));
  const enable = change.enabled === true && row.disabledAt !== null;
  const disable = change.enabled === false && row.disabledAt === null;
  return db
    .updateTable('webhookEndpoints')
    .set({
      updatedAt: at,
      ...(change.url !== undefined && { url: change.url }),
      ...(change.events !== undefined && { events: JSON.stringify(change.events) }),
      ...(enable && { disabledAt: null, disabledReason: null, failingSince: null }),
      ...(disable && { disabledAt: at, disabledReason: JSON.stringify({ reason: 'by_hand' }) }),
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteEndpoint(db: Executor, id: string): Promise<void> {
  // Deliveries and attempts go with it (foreign keys on delete cascade; removed explicitly as well, in case
  // SQLite runs without foreign-key enforcement).
  const deliveries = db.selectFrom('webhookDeliveries').select('id').where('endpointId', '=', id);
  await db.deleteFrom('webhookAttempts').where('deliveryId', 'in', deliveries).execute();
  await db.deleteFrom('webhookDeliveries').where('endpointId', '=', id).execute();
  await db.deleteFrom('webhookEndpoints').where('id', '=', id).execute();
}
