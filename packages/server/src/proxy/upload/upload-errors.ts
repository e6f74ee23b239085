// The coded refusals of a multipart upload, made in one place (docs/contract.md "Files through the proxy").
import { MAX_UPLOAD_FILE_BYTES, MAX_UPLOAD_PARTS, MAX_UPLOAD_REQUEST_BYTES } from '@miniapps/contract';
import { AppError } from '../../errors.js';

const MB = 1024 * 1024;

/** 400 `bad_upload`: no or a garbled boundary, a body cut off, a part without a name. */
export function badUpload(problem: string): AppError {
  return new AppError('bad_upload', { key: 'proxy.upload_bad' }, { problem });
}

/** 400 `bad_upload`: a NUL or another control character in a part's name or file name. */
export function badPartName(): AppError {
  return new AppError('bad_upload', { key: 'proxy.upload_bad_name' }, { problem: 'control_character' });
}

/** 400 `bad_upload`: more parts than MAX_UPLOAD_PARTS. */
export function tooManyParts(): AppError {
  return new AppError(
    'bad_upload',
    { key: 'proxy.upload_too_many_parts', values: { max: MAX_UPLOAD_PARTS } },
    { problem: 'too_many_parts', limit: MAX_UPLOAD_PARTS },
  );
}

/** 413 `file_too_large`: one file over 10 MB. */
export function fileTooLarge(name: string): AppError {
  return new AppError(
    'file_too_large',
    { key: 'proxy.upload_file_too_large', values: { name, mb: MAX_UPLOAD_FILE_BYTES / MB } },
    { file: name, limit: MAX_UPLOAD_FILE_BYTES },
  );
}

/** 413 `upload_too_large`: the whole request over 25 MB (or a text field over its own limit). */
export function uploadTooLarge(): AppError {
  return new AppError(
    'upload_too_large',
    { key: 'proxy.upload_too_large', values: { mb: MAX_UPLOAD_REQUEST_BYTES / MB } },
    { limit: MAX_UPLOAD_REQUEST_BYTES },
  );
}

/** 415 `file_type_refused`: a declared type not in UPLOAD_TYPES. */
export function typeRefused(name: string, type: string): AppError {
  return new AppError(
    'file_type_refused',
    { key: 'proxy.upload_type_refused', values: { name, type } },
    { file: name, type },
  );
}

/** 415 `file_type_refused`: a program or markup, whatever type it was declared as. */
export function dangerousFile(name: string, type: string, kind: string): AppError {
  return new AppError(
    'file_type_refused',
    { key: 'proxy.upload_dangerous', values: { name, kind } },
    { file: name, type, kind },
  );
}

/** 422 `file_type_mismatch`: the first bytes are not those of the declared type. */
export function typeMismatch(name: string, type: string): AppError {
  return new AppError(
    'file_type_mismatch',
    { key: 'proxy.upload_type_mismatch', values: { name, type } },
    { file: name, type },
  );
}

/** 415 `unsupported_media_type`: an upload to a hosted or service app's API (a hosted form's files go with its response). */
export function uploadRemoteOnly(): AppError {
  return new AppError('unsupported_media_type', { key: 'proxy.upload_remote_only' });
}
