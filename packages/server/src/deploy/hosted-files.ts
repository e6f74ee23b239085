// Files a hosted deploy carries beside its screens (datasets, locale strings): their shape and the deploy's size limit.
import { MAX_FILES_BYTES } from '@miniapps/contract';
import type { HostedFileKind } from '../db/schema.js';
import { AppError } from '../errors.js';

/** One file as stored: its JSON text, measured once. */
export interface CheckedFile {
  kind: HostedFileKind;
  name: string;
  text: string;
  bytes: number;
}

export interface FileFault {
  pointer: string;
  problem: string;
}

/** JSON text as the file will be stored (and measured). */
export function storedFile(kind: HostedFileKind, name: string, value: unknown): CheckedFile {
  const text = JSON.stringify(value);
  return { kind, name, text, bytes: Buffer.byteLength(text) };
}

/** 422 `bad_data` or `bad_strings`: the first fault in the message, how many more, and every fault in the details. */
export function refuseFiles(code: 'bad_data' | 'bad_strings', faults: FileFault[]): never {
  const first = faults[0]!;
  throw new AppError(
    code,
    {
      key: `deploy.${code}`,
      values: { fault: `${first.pointer} ${first.problem}`, more: faults.length - 1 },
    },
    faults,
  );
}

/** 413 `files_too_large`: one file or all of them past their limit, each fault with its pointer. */
export function filesTooLarge(faults: FileFault[]): AppError {
  const first = faults[0]!;
  return new AppError(
    'files_too_large',
    { key: 'deploy.files_too_large', values: { fault: `${first.pointer} ${first.problem}` } },
    faults,
  );
}

/** The deploy's files together stay within MAX_FILES_BYTES. */
export function assertFilesTotal(files: readonly CheckedFile[]): void {
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  if (total <= MAX_FILES_BYTES) return;
  throw filesTooLarge([
    {
      pointer: '',
      problem: `holds ${total} bytes of datasets and strings; a deploy carries at most ${MAX_FILES_BYTES} (2 MB)`,
    },
  ]);
}
