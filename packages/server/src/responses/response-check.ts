// A response's values checked on the server as the screen states its inputs: every field at fault is listed with
// its pointer (422 validation_failed), and nothing of a refused response is stored.
import { MAX_RESPONSE_BYTES } from '@miniapps/contract';
import { appendPointer, isIsoValue, type ResponseField } from '@miniapps/schema';
import { AppError } from '../errors.js';
import { inputRefusal } from '../http/input-guard.js';
import { inputFault } from '../http/text-rules.js';

/** A checked response: the values as their inputs type them, and their JSON text as stored. */
export interface CheckedResponse {
  values: Record<string, unknown>;
  text: string;
}

/** One field at fault: `problem` says what, and the field's own bound when there is one. */
export interface ValueFault {
  in: 'body';
  pointer: string;
  problem:
    | 'unknown_field'
    | 'required'
    | 'not_text'
    | 'not_a_number'
    | 'not_a_boolean'
    | 'not_a_list'
    | 'bad_format'
    | 'too_long'
    | 'not_an_option'
    | 'before_min'
    | 'after_max'
    | 'not_a_file'
    | 'not_an_accepted_type'
    | 'too_large'
    | 'too_many_files';
  max?: number | string;
  min?: string;
}

/** A response's values nest no deeper than a list of choices in an object. */
const MAX_NESTING = 3;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** The value as the input types it, or the fault. */
function typed(
  field: ResponseField,
  value: unknown,
): { value: unknown } | Omit<ValueFault, 'in' | 'pointer'> {
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? { value } : { problem: 'not_a_boolean' };
    case 'number': {
      // A number field's input gives text; either form is taken, stored as the number.
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof number === 'number' && Number.isFinite(number)
        ? { value: number }
        : { problem: 'not_a_number' };
    }
    case 'choices': {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
        return { problem: 'not_a_list' };
      const choices = [...new Set(value as string[])];
      if (field.options && choices.some((choice) => !field.options!.includes(choice))) {
        return { problem: 'not_an_option' };
      }
      return { value: choices };
    }
    default: {
      if (typeof value !== 'string') return { problem: 'not_text' };
      if (field.maxLength !== undefined && value.length > field.maxLength) {
        return { problem: 'too_long', max: field.maxLength };
      }
      if (field.type === 'choice') {
        return field.options && !field.options.includes(value) ? { problem: 'not_an_option' } : { value };
      }
      if (field.type === 'email') return EMAIL.test(value) ? { value } : { problem: 'bad_format' };
      if (field.type === 'date' || field.type === 'time' || field.type === 'datetime') {
        if (!isIsoValue(field.type, value)) return { problem: 'bad_format' };
        // One ISO form throughout: text order is time order.
        if (field.min !== undefined && value < field.min) return { problem: 'before_min', min: field.min };
        if (field.max !== undefined && value > field.max) return { problem: 'after_max', max: field.max };
      }
      return { value };
    }
  }
}

/**
 * What a multipart response brought besides its values: the refs of its files by field, the faults its parts had,
 * and whether it edits a response (whose earlier files stand for a required fileField sent without files).
 */
export interface FilesSent {
  refs: Record<string, unknown[]>;
  faults: ValueFault[];
  editing: boolean;
}

/** The body parsed and checked against the form's fields; throws the refusal otherwise. */
export function checkResponse(
  body: Buffer | undefined,
  fields: readonly ResponseField[],
  upload: FilesSent = { refs: {}, faults: [], editing: false },
): CheckedResponse {
  let parsed: unknown;
  try {
    if (body === undefined) throw new Error('empty');
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('bad_request', { key: 'responses.bad_body' });
  }
  const fault = inputFault(parsed, MAX_NESTING);
  if (fault) throw inputRefusal('body', fault, MAX_NESTING);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AppError('bad_request', { key: 'responses.bad_body' });
  }
  const given = parsed as Record<string, unknown>;
  const faults: ValueFault[] = [...upload.faults];
  const byName = new Map(fields.map((field) => [field.name, field]));
  for (const name of Object.keys(given)) {
    const field = byName.get(name);
    // A file is a part of its own, never a value a client writes (it could name another response's file).
    if (!field || field.type === 'files') {
      const problem = field ? 'not_a_file' : 'unknown_field';
      faults.push({ in: 'body', pointer: appendPointer('', name), problem });
    }
  }
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.type === 'files') {
      const refs = upload.refs[field.name];
      if (refs !== undefined && refs.length > 0) values[field.name] = refs;
      else if (field.required && !upload.editing)
        faults.push({ in: 'body', pointer: appendPointer('', field.name), problem: 'required' });
      continue;
    }
    const value = given[field.name];
    if (isEmpty(value)) {
      if (field.required)
        faults.push({ in: 'body', pointer: appendPointer('', field.name), problem: 'required' });
      continue;
    }
    const result = typed(field, value);
    if ('value' in result) values[field.name] = result.value;
    else faults.push({ in: 'body', pointer: appendPointer('', field.name), ...result });
  }
  if (faults.length > 0) throw new AppError('validation_failed', { key: 'responses.bad_values' }, faults);
  const text = JSON.stringify(values);
  if (Buffer.byteLength(text) > MAX_RESPONSE_BYTES) {
    throw new AppError(
      'payload_too_large',
      { key: 'responses.too_large', values: { kb: MAX_RESPONSE_BYTES / 1024 } },
      { bytes: Buffer.byteLength(text), max: MAX_RESPONSE_BYTES },
    );
  }
  return { values, text };
}
