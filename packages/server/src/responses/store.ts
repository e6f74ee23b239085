// Responses kept and changed under a collection's rules: the app's row is locked for the count-then-insert, so
// capacity, maxPerUser and the app's quota hold exactly under concurrent submits, on one node or several.
import { MAX_RESPONSES_PER_APP } from '@miniapps/contract';
import type { CollectRules } from '@miniapps/schema';
import { sql } from 'kysely';
import { type Db, type Executor, lockRow } from '../db/database.js';
import type { FormResponsesTable } from '../db/schema.js';
import { newId } from '../ids.js';
import { type AppRef, emitWebhookEvent } from '../webhooks/outbox.js';
import type { KeptFile } from './response-files.js';

/** What a new response is made of; values and profile are JSON text. */
export interface NewResponse {
  /** The app, as its `response.created` webhook names it. */
  app: AppRef;
  appId: string;
  form: string;
  userId: string;
  appUserId: string;
  appVersion: number;
  values: string;
  profile: string;
  /** Its files, already in the file store: their rows go in with the response's. */
  files?: readonly KeptFile[] | undefined;
}

export interface StoredResponse {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** Why a response was not kept: the form's rules, or the app's quota. */
export type Refusal = 'closed' | 'full' | 'limit' | 'quota';

export function isClosed(rules: CollectRules, now: Date): boolean {
  return rules.closesAt !== undefined && now.getTime() >= rules.closesAt;
}

/**
 * The rule that refuses one more response of `input.userId` in `input.form` by the counts read now, if any.
 * Exact only under the app's row lock (submitResponse); without it, a cheap early answer that a response with files
 * need not be written (the count only grows until an owner deletes).
 */
export async function ruleRefusal(
  db: Executor,
  input: { appId: string; form: string; userId: string },
  rules: CollectRules,
): Promise<Exclude<Refusal, 'closed'> | undefined> {
  const counts = await db
    .selectFrom('formResponses')
    .select([
      (eb) => eb.fn.countAll<number | string>().as('total'),
      sql<number | string | null>`sum(case when ${sql.ref('form')} = ${input.form} then 1 else 0 end)`.as(
        'inForm',
      ),
      sql<
        number | string | null
      >`sum(case when ${sql.ref('form')} = ${input.form} and ${sql.ref('userId')} = ${input.userId} then 1 else 0 end)`.as(
        'mine',
      ),
    ])
    .where('appId', '=', input.appId)
    .executeTakeFirstOrThrow();
  if (Number(counts.total) >= MAX_RESPONSES_PER_APP) return 'quota';
  if (rules.maxPerUser !== undefined && Number(counts.mine ?? 0) >= rules.maxPerUser) return 'limit';
  if (rules.capacity !== undefined && Number(counts.inForm ?? 0) >= rules.capacity) return 'full';
  return undefined;
}

/**
 * Stores one response unless a rule refuses it. PostgreSQL: the app's row is locked (FOR UPDATE) before the
 * counts are read, so concurrent submits of the app run one after another through the count and the insert,
 * whichever node takes them. SQLite runs one write transaction at a time already.
 */
export async function submitResponse(
  db: Db,
  input: NewResponse,
  rules: CollectRules,
  now: Date,
): Promise<StoredResponse | Refusal> {
  if (isClosed(rules, now)) return 'closed';
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'apps', input.appId);
    const refused = await ruleRefusal(trx, input, rules);
    if (refused) return refused;
    const at = now.toISOString();
    const { app, files, ...fields } = input;
    const row = { ...fields, id: newId('rsp'), createdAt: at, updatedAt: at };
    await trx.insertInto('formResponses').values(row).execute();
    await insertFiles(trx, input.appId, row.id, files ?? [], at);
    // In the insert's transaction: a kept response always has its event, a refused one never.
    const data = { app, form: input.form, responseId: row.id, appVersion: input.appVersion };
    await emitWebhookEvent(trx, input.appId, 'response.created', data, now.getTime());
    return { id: row.id, createdAt: at, updatedAt: at };
  });
}

/** The rows of a response's files. */
async function insertFiles(
  trx: Executor,
  appId: string,
  responseId: string,
  files: readonly KeptFile[],
  at: string,
): Promise<void> {
  if (files.length === 0) return;
  await trx
    .insertInto('responseFiles')
    .values(files.map((file) => ({ ...file, appId, responseId, createdAt: at })))
    .execute();
}

/**
 * Replaces the values of the user's own response; undefined when the user has none of that id in the form. A
 * fileField sent with files has them replace its earlier ones (whose keys are returned, for the store to delete
 * once this is committed); one sent without keeps its earlier files.
 */
export async function editResponse(
  db: Db,
  where: { appId: string; form: string; userId: string; id: string },
  change: {
    values: Record<string, unknown>;
    appVersion: number;
    fileFields: readonly string[];
    files: readonly KeptFile[];
  },
  now: Date,
): Promise<{ stored: StoredResponse; values: Record<string, unknown>; replaced: string[] } | undefined> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    // Two edits of one response at once replace its files one after the other.
    await lockRow(trx, 'form_responses', where.id);
    const row = await trx
      .selectFrom('formResponses')
      .select('values')
      .where('id', '=', where.id)
      .where('appId', '=', where.appId)
      .where('form', '=', where.form)
      .where('userId', '=', where.userId)
      .executeTakeFirst();
    if (!row) return undefined;
    const before = JSON.parse(row.values) as Record<string, unknown>;
    const values = { ...change.values };
    const sent = new Set(change.files.map((file) => file.field));
    for (const field of change.fileFields) {
      if (!sent.has(field) && before[field] !== undefined) values[field] = before[field];
    }
    let replaced: string[] = [];
    if (sent.size > 0) {
      const old = await trx
        .selectFrom('responseFiles')
        .select(['id', 'key'])
        .where('responseId', '=', where.id)
        .where('field', 'in', [...sent])
        .execute();
      replaced = old.map((file) => file.key);
      if (old.length > 0)
        await trx
          .deleteFrom('responseFiles')
          .where(
            'id',
            'in',
            old.map((file) => file.id),
          )
          .execute();
      await insertFiles(trx, where.appId, where.id, change.files, at);
    }
    const stored = await trx
      .updateTable('formResponses')
      .set({ values: JSON.stringify(values), appVersion: change.appVersion, updatedAt: at })
      .where('id', '=', where.id)
      .returning(['id', 'createdAt', 'updatedAt'])
      .executeTakeFirstOrThrow();
    return { stored, values, replaced };
  });
}

/** The rows of one collection the aggregates are made from: each response's values, and whose it is. */
export async function collectionRows(
  db: Db,
  appId: string,
  form: string,
): Promise<Pick<FormResponsesTable, 'id' | 'userId' | 'values' | 'createdAt' | 'updatedAt'>[]> {
  return db
    .selectFrom('formResponses')
    .select(['id', 'userId', 'values', 'createdAt', 'updatedAt'])
    .where('appId', '=', appId)
    .where('form', '=', form)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}
