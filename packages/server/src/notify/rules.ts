// The notify request's own rules: title and body lengths in code points, the page path, the Idempotency-Key.

import { createHash } from 'node:crypto';
import { MAX_IDEMPOTENCY_KEY, MAX_PUSH_BODY, MAX_PUSH_TITLE } from '@miniapps/contract';
import { pathProblem } from '../apps/rules.js';
import { AppError, type ErrorText } from '../errors.js';

export interface NotificationText {
  title: string;
  body: string;
  page: string | null;
}

/** Length as people count it: code points, so "é" or "🎉" is one. */
export function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const TITLE_CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the body may break lines, nothing else
const BODY_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/;
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Checks title, body and page; any problem is `bad_notification` (422) naming the field. */
export function checkNotification(raw: {
  title?: unknown;
  body?: unknown;
  page?: unknown;
}): NotificationText {
  const title = text('title', raw.title, MAX_PUSH_TITLE, TITLE_CONTROL);
  const body = text('body', raw.body, MAX_PUSH_BODY, BODY_CONTROL);
  let page: string | null = null;
  if (raw.page !== undefined && raw.page !== null) {
    if (typeof raw.page !== 'string') throw bad('page', { key: 'notify.page_not_string' });
    const problem = pathProblem(raw.page);
    if (problem) throw bad('page', { key: 'notify.bad_page', values: { problem } });
    page = raw.page;
  }
  return { title, body, page };
}

function text(field: 'title' | 'body', value: unknown, max: number, control: RegExp): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw bad(field, { key: 'notify.text_required', values: { field } });
  const length = codePoints(value);
  if (length > max) {
    throw bad(
      field,
      { key: 'notify.text_too_long', values: { field, length, max } },
      {
        limit: max,
        length,
      },
    );
  }
  if (control.test(value)) throw bad(field, { key: 'notify.text_control', values: { field } });
  if (LONE_SURROGATE.test(value)) throw bad(field, { key: 'notify.text_not_unicode', values: { field } });
  return value;
}

function bad(field: string, message: ErrorText, extra: object = {}): AppError {
  return new AppError('bad_notification', message, { field, ...extra });
}

const IDEMPOTENCY_KEY = new RegExp(`^[\\x21-\\x7e]{1,${MAX_IDEMPOTENCY_KEY}}$`);

/** Idempotency-Key: 1 to 255 printable ASCII characters, or absent. */
export function checkIdempotencyKey(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new AppError(
      'bad_request',
      { key: 'notify.bad_idempotency_key' },
      {
        in: 'headers',
        path: '/idempotency-key',
      },
    );
  }
  return value;
}

/** Fingerprint of what was asked, so a key reused for a different push is refused rather than replayed. */
export function requestHash(text: NotificationText): string {
  return createHash('sha256')
    .update(JSON.stringify([text.title, text.body, text.page]))
    .digest('hex');
}
