// The files of a response sent as multipart/form-data: the `values` part is the response's JSON, each file part
// belongs to a fileField of the form. Files are checked against their field, written to the file store before the
// response's row, and deleted again whenever the response is not kept, so nothing outlives a refusal.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { appendPointer, type ResponseField } from '@miniapps/schema';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { FileStore } from '../file-store/file-store.js';
import { newFileKey } from '../file-store/file-store.js';
import { newId } from '../ids.js';
import type { ValueFault } from './response-check.js';

/**
 * A multipart upload as the proxy spooled and checked it (proxy/upload/spool-upload.ts): the file it was written
 * to, each part in order (a file's bytes at `start` in that file), and its removal. Stated here by shape, so this
 * folder does not import the proxy's.
 */
export interface SpooledUpload {
  path: string;
  parts: readonly (
    | { kind: 'field'; name: string; value: string }
    | { kind: 'file'; name: string; filename: string; type: string; start: number; bytes: number }
  )[];
  dispose(): Promise<void>;
}

/** What a response's values hold for a file, and what its owners read: never the store's key. */
export interface FileRef {
  id: string;
  name: string;
  size: number;
  type: string;
}

/** A file of the upload, checked against its field, not yet stored. */
export interface PendingFile extends FileRef {
  field: string;
  start: number;
}

/** The upload read as a response: the values' JSON, the files by field (refs in field order), the faults found. */
export interface UploadedResponse {
  body: Buffer | undefined;
  files: PendingFile[];
  faults: ValueFault[];
}

/** The name a file is kept under: no directories (the parser keeps none), no control characters, 255 at most. */
function keptName(filename: string): string {
  const name = filename.replace(/[\p{Cc}\\/]/gu, '_').slice(0, 255);
  return name === '' || name === '.' || name === '..' ? 'file' : name;
}

/** Splits a checked upload into the response's values and its files, each file checked against its fileField. */
export function responseOfUpload(upload: SpooledUpload, fields: readonly ResponseField[]): UploadedResponse {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const faults: ValueFault[] = [];
  const files: PendingFile[] = [];
  let body: Buffer | undefined;
  for (const part of upload.parts) {
    const pointer = appendPointer('', part.name);
    if (part.kind === 'field') {
      if (part.name === 'values' && body === undefined) body = Buffer.from(part.value, 'utf8');
      else faults.push({ in: 'body', pointer, problem: 'unknown_field' });
      continue;
    }
    const field = byName.get(part.name);
    if (field?.type !== 'files') {
      faults.push({ in: 'body', pointer, problem: 'unknown_field' });
      continue;
    }
    if (field.accept !== undefined && !field.accept.includes(part.type)) {
      faults.push({ in: 'body', pointer, problem: 'not_an_accepted_type' });
    } else if (field.maxSize !== undefined && part.bytes > field.maxSize) {
      faults.push({ in: 'body', pointer, problem: 'too_large', max: field.maxSize });
    }
    const name = keptName(part.filename);
    files.push({
      id: newId('rfl'),
      field: part.name,
      name,
      size: part.bytes,
      type: part.type,
      start: part.start,
    });
  }
  for (const field of fields) {
    if (field.type !== 'files') continue;
    const count = files.filter((file) => file.field === field.name).length;
    const max = field.maxFiles ?? 1;
    if (count > max)
      faults.push({ in: 'body', pointer: appendPointer('', field.name), problem: 'too_many_files', max });
  }
  // A form of files only may send no values at all.
  return { body: body ?? Buffer.from('{}'), files, faults };
}

/** The refs of the files sent, by field: what the response's values hold for each fileField given. */
export function refsByField(files: readonly PendingFile[]): Record<string, FileRef[]> {
  const refs: Record<string, FileRef[]> = {};
  for (const { id, name, size, type, field } of files) {
    const list = refs[field] ?? [];
    list.push({ id, name, size, type });
    refs[field] = list;
  }
  return refs;
}

/** A file as its row keeps it. */
export interface KeptFile {
  id: string;
  field: string;
  name: string;
  contentType: string;
  bytes: number;
  key: string;
}

/**
 * Writes each file from the spooled upload to the store under a new key. A failed write deletes what was written
 * and refuses with 503: the response is then not kept either.
 */
export async function storeFiles(
  store: FileStore,
  appId: string,
  upload: SpooledUpload,
  files: readonly PendingFile[],
): Promise<KeptFile[]> {
  const kept: KeptFile[] = [];
  try {
    for (const file of files) {
      const key = newFileKey('responses', appId);
      const body =
        file.size === 0
          ? Readable.from([])
          : createReadStream(upload.path, { start: file.start, end: file.start + file.size - 1 });
      kept.push({
        id: file.id,
        field: file.field,
        name: file.name,
        contentType: file.type,
        bytes: file.size,
        key,
      });
      await store.put(key, body, { type: file.type, bytes: file.size });
    }
  } catch {
    await forgetFiles(
      store,
      kept.map((file) => file.key),
    );
    throw new AppError('unavailable', { key: 'responses.files_unavailable' });
  }
  return kept;
}

/** Deletes stored bytes whose rows are gone (or never were); a failure is left to the sweep of unreferenced keys. */
export async function forgetFiles(store: FileStore, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await store.delete(keys).catch(() => {});
}

/** The keys of the files of the responses `where` selects: read before the rows are deleted. */
export async function keysOfResponses(
  db: Db,
  where: { appId: string; id?: string; form?: string; before?: string },
): Promise<string[]> {
  let query = db
    .selectFrom('responseFiles')
    .innerJoin('formResponses', 'formResponses.id', 'responseFiles.responseId')
    .select('responseFiles.key')
    .where('formResponses.appId', '=', where.appId);
  if (where.id !== undefined) query = query.where('formResponses.id', '=', where.id);
  if (where.form !== undefined) query = query.where('formResponses.form', '=', where.form);
  if (where.before !== undefined) query = query.where('formResponses.createdAt', '<', where.before);
  return (await query.execute()).map((row) => row.key);
}
