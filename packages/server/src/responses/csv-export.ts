// A form's responses as CSV (RFC 4180, UTF-8 with a BOM so Excel reads Cyrillic), streamed a page at a time.
import type { ResponseField } from '@miniapps/schema';
import type { Db } from '../db/database.js';
import type { Language } from '../i18n/messages.js';
import { exportColumns, exportPages } from './export-rows.js';

const BOM = '\uFEFF';

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
  yield BOM + line(exportColumns(fields, language).map((column) => column.heading));
  for await (const rows of exportPages(db, appId, form, fields)) yield rows.map(line).join('');
}
