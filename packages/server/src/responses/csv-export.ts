// A form's responses as CSV (RFC 4180, UTF-8 with a BOM so Excel reads Cyrillic), streamed a page at a time.
import type { ResponseField } from '@miniapps/schema';
import type { Db } from '../db/database.js';
import { formatMessage, type Language } from '../i18n/messages.js';

const PAGE = 500;
const BOM = '\uFEFF';
const FIXED = [
  'id',
  'created_at',
  'updated_at',
  'app_version',
  'app_user',
  'email',
  'name',
  'course',
  'group',
] as const;

/**
 * One cell: quoted when it holds a comma, a quote or a line break. A text that a spreadsheet would run as a formula
 * (= + - @ or a tab first) gets a leading apostrophe: an export must not run what a user typed.
 */
export function csvCell(value: unknown): string {
  let text =
    value === undefined || value === null
      ? ''
      : Array.isArray(value)
        ? value.join('; ')
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A field's value as its column shows it: a fileField's files by name (their bytes are on the file route). */
function columnValue(field: ResponseField, value: unknown): unknown {
  if (field.type !== 'files' || !Array.isArray(value)) return value;
  return value.map((file) => String((file as { name?: unknown }).name ?? ''));
}

function line(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The CSV of one collection, oldest first: fixed columns in `language`, then a column per input of the form. */
export async function* responsesCsv(
  db: Db,
  appId: string,
  form: string,
  fields: readonly ResponseField[],
  language: Language,
): AsyncGenerator<string> {
  const headings = FIXED.map((key) => formatMessage({ key: `responses.csv.${key}` }, language));
  yield BOM + line([...headings, ...fields.map((field) => field.label ?? field.name)]);
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom('formResponses')
      .select(['id', 'createdAt', 'updatedAt', 'appVersion', 'appUserId', 'profile', 'values'])
      .where('appId', '=', appId)
      .where('form', '=', form);
    if (after) {
      const { createdAt, id } = after;
      query = query.where((eb) =>
        eb.or([
          eb('createdAt', '>', createdAt),
          eb.and([eb('createdAt', '=', createdAt), eb('id', '>', id)]),
        ]),
      );
    }
    const rows = await query.orderBy('createdAt').orderBy('id').limit(PAGE).execute();
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      const profile = JSON.parse(row.profile) as Record<string, string>;
      const values = JSON.parse(row.values) as Record<string, unknown>;
      chunk += line([
        row.id,
        row.createdAt,
        row.updatedAt,
        row.appVersion,
        row.appUserId,
        profile['email'],
        profile['name'],
        profile['course'],
        profile['group'],
        ...fields.map((field) => columnValue(field, values[field.name])),
      ]);
    }
    yield chunk;
    const last = rows.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
    if (rows.length < PAGE) return;
  }
}
