// The rows of a form's export, oldest first, read a page at a time: what the CSV and XLSX writers both format.
import type { ResponseField, ResponseFieldType } from '@miniapps/schema';
import type { Db } from '../db/database.js';
import { formatMessage, type Language } from '../i18n/messages.js';

/** Rows a query reads; a writer formats and sends a page before the next is read. */
const PAGE = 500;
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

/** What a column holds, so a writer can keep numbers as numbers and dates as dates. */
export type ColumnKind = ResponseFieldType | 'instant' | 'integer';

export interface ExportColumn {
  heading: string;
  kind: ColumnKind;
}

const FIXED_KINDS: Record<(typeof FIXED)[number], ColumnKind> = {
  id: 'text',
  created_at: 'instant',
  updated_at: 'instant',
  app_version: 'integer',
  app_user: 'text',
  email: 'text',
  name: 'text',
  course: 'text',
  group: 'text',
};

/** The fixed columns in `language`, then a column per input of the form (its label, else its name). */
export function exportColumns(fields: readonly ResponseField[], language: Language): ExportColumn[] {
  return [
    ...FIXED.map((key) => ({
      heading: formatMessage({ key: `responses.csv.${key}` }, language),
      kind: FIXED_KINDS[key],
    })),
    ...fields.map((field) => ({ heading: field.label ?? field.name, kind: field.type })),
  ];
}

/** A field's value as its column shows it: a fileField's files by name (their bytes are on the file route). */
function columnValue(field: ResponseField, value: unknown): unknown {
  if (field.type !== 'files' || !Array.isArray(value)) return value;
  return value.map((file) => String((file as { name?: unknown }).name ?? ''));
}

/**
 * One collection's rows as cells in the columns' order, as stored (times ISO text, values as the response's JSON
 * has them), a page of rows at a time, paged by (created_at, id) so a response sent meanwhile is never read twice.
 */
export async function* exportPages(
  db: Db,
  appId: string,
  form: string,
  fields: readonly ResponseField[],
): AsyncGenerator<unknown[][]> {
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
    yield rows.map((row) => {
      const profile = JSON.parse(row.profile) as Record<string, string>;
      const values = JSON.parse(row.values) as Record<string, unknown>;
      return [
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
      ];
    });
    const last = rows.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
    if (rows.length < PAGE) return;
  }
}
