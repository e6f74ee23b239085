// The members' side of form responses: pages newest first by a cursor, one response, deletions.
import type { FormResponse, ResponseFile } from '@miniapps/contract/api';
import type { Db } from '../db/database.js';
import type { FormResponsesTable } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { FileStore } from '../file-store/file-store.js';
import { forgetFiles, keysOfResponses } from './response-files.js';

export interface ResponsesFilter {
  form?: string | undefined;
  /** Created at or after, ISO. */
  from?: string | undefined;
  /** Created before, ISO. */
  to?: string | undefined;
}

export interface ResponsesPage {
  responses: FormResponse[];
  nextCursor: string | null;
}

type Row = Pick<
  FormResponsesTable,
  'id' | 'form' | 'appUserId' | 'appVersion' | 'values' | 'profile' | 'createdAt' | 'updatedAt'
>;
const COLUMNS = [
  'id',
  'form',
  'appUserId',
  'appVersion',
  'values',
  'profile',
  'createdAt',
  'updatedAt',
] as const;

function view(row: Row, files: readonly (ResponseFile & { responseId: string })[]): FormResponse {
  return {
    ...row,
    values: JSON.parse(row.values),
    profile: JSON.parse(row.profile),
    files: files
      .filter((file) => file.responseId === row.id)
      .map(({ id, field, name, size, type }) => ({ id, field, name, size, type })),
  };
}

/** The files of the responses `ids`, by field, then name. */
async function filesOf(db: Db, appId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('responseFiles')
    .select(['id', 'responseId', 'field', 'name', 'bytes as size', 'contentType as type'])
    .where('appId', '=', appId)
    .where('responseId', 'in', ids)
    .orderBy('field')
    .orderBy('name')
    .execute();
}

/** A page's end as the client carries it: the last row's time and id, opaque. */
function cursorOf(row: Row): string {
  return Buffer.from(JSON.stringify([row.createdAt, row.id])).toString('base64url');
}

function parseCursor(cursor: string): [string, string] {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === 'string')) {
      return parsed as [string, string];
    }
  } catch {
    // Refused below as every other malformed cursor.
  }
  throw new AppError('bad_request', { key: 'responses.bad_cursor' }, { field: 'cursor' });
}

/** A time filter as stored (ISO, UTC), or 400 naming the field. */
export function instantOf(field: 'from' | 'to', text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const ms = Date.parse(text);
  if (Number.isNaN(ms))
    throw new AppError('bad_request', { key: 'responses.bad_time', values: { field } }, { field });
  return new Date(ms).toISOString();
}

export async function listResponses(
  db: Db,
  appId: string,
  filter: ResponsesFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<ResponsesPage> {
  let query = db.selectFrom('formResponses').select(COLUMNS).where('appId', '=', appId);
  if (filter.form !== undefined) query = query.where('form', '=', filter.form);
  if (filter.from !== undefined) query = query.where('createdAt', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('createdAt', '<', filter.to);
  if (page.cursor !== undefined) {
    const [at, id] = parseCursor(page.cursor);
    query = query.where((eb) =>
      eb.or([eb('createdAt', '<', at), eb.and([eb('createdAt', '=', at), eb('id', '<', id)])]),
    );
  }
  const rows = await query
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  const files = await filesOf(
    db,
    appId,
    shown.map((row) => row.id),
  );
  return {
    responses: shown.map((row) => view(row, files)),
    nextCursor: rows.length > page.limit && last ? cursorOf(last) : null,
  };
}

export async function oneResponse(db: Db, appId: string, id: string): Promise<FormResponse> {
  const row = await db
    .selectFrom('formResponses')
    .select(COLUMNS)
    .where('appId', '=', appId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return view(row, await filesOf(db, appId, [row.id]));
}

/**
 * Deletes one response: its file rows go with it (cascade), their bytes from the store right after (what a crash
 * in between leaves, the sweep of unreferenced files removes).
 */
export async function deleteResponse(db: Db, store: FileStore, appId: string, id: string): Promise<void> {
  const keys = await keysOfResponses(db, { appId, id });
  const result = await db
    .deleteFrom('formResponses')
    .where('appId', '=', appId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound();
  await forgetFiles(store, keys);
}

/** Deletes every response of a form, then their files' bytes (as deleteResponse). */
export async function deleteForm(db: Db, store: FileStore, appId: string, form: string): Promise<number> {
  const keys = await keysOfResponses(db, { appId, form });
  const result = await db
    .deleteFrom('formResponses')
    .where('appId', '=', appId)
    .where('form', '=', form)
    .executeTakeFirst();
  await forgetFiles(store, keys);
  return Number(result.numDeletedRows);
}

/** One file of one response of the app (its row, the key included), or 404 as a response that is not there. */
export async function oneFile(db: Db, appId: string, responseId: string, fileId: string) {
  const row = await db
    .selectFrom('responseFiles')
    .select(['name', 'contentType', 'bytes', 'key'])
    .where('appId', '=', appId)
    .where('responseId', '=', responseId)
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', { key: 'responses.no_file' });
  return row;
}

function notFound(): AppError {
  return new AppError('not_found', { key: 'responses.no_response' });
}
