// A form's responses as an XLSX workbook (exceljs's streaming writer), written a page at a time as the client reads.
import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { ResponseField } from '@miniapps/schema';
import ExcelJS from 'exceljs';
import type { Db } from '../db/database.js';
import type { Language } from '../i18n/messages.js';
import { type ColumnKind, exportColumns, exportPages } from './export-rows.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Excel keeps at most this many characters in a cell; a longer text is cut there rather than break the file. */
const MAX_CELL_TEXT = 32_767;
const FORMATS: Partial<Record<ColumnKind, string>> = {
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
  time: 'hh:mm',
  instant: 'yyyy-mm-dd hh:mm:ss',
};
const ISO = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/,
  time: /^(\d{2}):(\d{2})$/,
};

/**
 * One cell's value. Text is always a string value, never a formula (exceljs writes a formula only from a
 * `{ formula }` object), so `=…` a user typed stays text. Dates are kept as the wall-clock time the input states,
 * written as UTC so Excel shows it unchanged; created/changed times are UTC instants, as their headings say.
 */
export function xlsxCell(value: unknown, kind: ColumnKind): string | number | boolean | Date | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    if (kind === 'date' && ISO.date.test(value)) return new Date(`${value}T00:00:00Z`);
    if (kind === 'datetime' && ISO.datetime.test(value)) return new Date(`${value}:00Z`);
    const time = kind === 'time' ? ISO.time.exec(value) : null;
    if (time) return new Date(Date.UTC(1899, 11, 30, Number(time[1]), Number(time[2])));
    if (kind === 'instant' && !Number.isNaN(Date.parse(value))) return new Date(value);
    return value.slice(0, MAX_CELL_TEXT);
  }
  const text = Array.isArray(value) ? value.join('; ') : JSON.stringify(value);
  return text.slice(0, MAX_CELL_TEXT);
}

/** Worksheet names are 31 characters at most; a collection's name is already free of the ones refused. */
function sheetName(form: string): string {
  return /^[a-z0-9_-]{1,31}/.exec(form)?.[0] ?? 'responses';
}

/** Bytes of rows the zip may hold before the writer waits for the client to read. */
const MAX_BACKLOG = 1024 * 1024;

interface ZipInput {
  _writableState?: { length: number };
  on(event: 'drain', listener: () => void): unknown;
  off(event: 'drain', listener: () => void): unknown;
}

/**
 * exceljs writes a sheet's rows into a stream piped to the zip without waiting for the zip to take them
 * (utils/stream-buf.js), so rows pile up in the zip's input while the client is not reading: that input's buffer is
 * what the writer watches. Undefined if exceljs changes its insides (then nothing waits; the tests notice).
 */
function zipInput(sheet: unknown): ZipInput | undefined {
  return (sheet as { stream?: { pipes?: ZipInput[] } }).stream?.pipes?.[0];
}

/** Resolves once the zip has taken the rows it holds, or the client is gone. */
function taken(input: ZipInput, out: Writable): Promise<void> {
  return new Promise((resolve) => {
    if (out.destroyed) return resolve();
    const done = () => {
      input.off('drain', done);
      out.off('close', done);
      resolve();
    };
    input.on('drain', done);
    out.on('close', done);
  });
}

/**
 * The workbook of one collection: one sheet, the headings row bold and frozen, then a row per response, oldest
 * first. Strings are written inline (no shared-strings table, which would hold every text in memory), and the next
 * page is read only once the zip holds less than MAX_BACKLOG, so memory stays bounded whatever the size.
 */
export function responsesXlsx(
  db: Db,
  appId: string,
  form: string,
  fields: readonly ResponseField[],
  language: Language,
): Readable {
  const out = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const columns = exportColumns(fields, language);
    const sheet = workbook.addWorksheet(sheetName(form), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column) => {
      const numFmt = FORMATS[column.kind];
      return numFmt ? { width: 20, style: { numFmt } } : { width: 24 };
    });
    const headings = sheet.addRow(columns.map((column) => column.heading));
    headings.font = { bold: true };
    headings.commit();
    for await (const rows of exportPages(db, appId, form, fields)) {
      if (out.destroyed) return;
      for (const cells of rows) {
        sheet.addRow(cells.map((value, i) => xlsxCell(value, columns[i]!.kind))).commit();
      }
      const input = zipInput(sheet);
      while (input && (input._writableState?.length ?? 0) > MAX_BACKLOG && !out.destroyed) {
        await taken(input, out);
      }
    }
    // A client that left gets no end: the zip is dropped unfinished.
    if (out.destroyed) return;
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
