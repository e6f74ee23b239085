// Calls the platform: JSON in and out, its error envelope turned into a CliError with advice, uploads with progress.
import { CliError } from './cli-error.js';
import { hintFor } from './error-messages.js';
import { type Language, say } from './i18n/messages.js';
import type { Progress } from './progress.js';
import type { Settings } from './settings.js';

export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  token?: string | undefined;
  body?: unknown;
  headers?: Record<string, string> | undefined;
  /** Report the body's bytes as they are handed to the connection. */
  progress?: Progress | undefined;
}

export interface ErrorEnvelope {
  ok: false;
  error: string;
  message: string;
  details?: unknown;
}

const UPLOAD_CHUNK = 16 * 1024; // 16 KB: fine-grained enough for a bar, large enough to cost nothing
const TIMEOUT_MS = 60_000;

export async function callPlatform<T>(settings: Settings, call: ApiCall): Promise<T> {
  const url = `${settings.url}${call.path}`;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': settings.language,
    ...call.headers,
  };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  let body: ReadableStream<Uint8Array> | undefined;
  if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = chunked(Buffer.from(JSON.stringify(call.body), 'utf8'), call.progress);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method,
      headers,
      ...(body && { body, duplex: 'half' }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    } as RequestInit);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new CliError(settings.t('cli.unreachable', { url: settings.url, reason }), 1, 'unreachable', [
      hintFor('unreachable', settings.language)!,
    ]);
  }
  call.progress?.done();

  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CliError(
      settings.t('cli.not_json', { method: call.method, url, status: String(response.status) }),
      1,
      'not_json',
      [hintFor('not_json', settings.language)!],
    );
  }
  if (response.ok) return parsed as T;
  throw platformError(parsed, response, settings.language);
}

function platformError(parsed: unknown, response: Response, language: Language): CliError {
  const envelope = parsed as Partial<ErrorEnvelope>;
  const code = typeof envelope.error === 'string' ? envelope.error : `http_${response.status}`;
  const message =
    typeof envelope.message === 'string'
      ? envelope.message
      : say(language, 'cli.platform_status', { status: String(response.status) });
  const lines: string[] = [];
  const retryAfter = response.headers.get('retry-after');
  if (retryAfter) lines.push(retryLine(retryAfter, language));
  const hint = hintFor(code, language);
  if (hint) lines.push(hint);
  return new CliError(`${message} (${code})`, 1, code, lines, {
    status: response.status,
    ...(envelope.details !== undefined && { details: envelope.details }),
  });
}

/**
 * When to try again, from Retry-After (seconds or an HTTP date): a wait of two minutes or more in minutes, rounded
 * up, so an hour's deploy quota reads "Retry after 60 min." rather than "3600 s".
 */
function retryLine(header: string, language: Language): string {
  const seconds = /^\d+$/.test(header) ? Number(header) : Math.ceil((Date.parse(header) - Date.now()) / 1000);
  if (!Number.isFinite(seconds)) return say(language, 'cli.retry_after', { seconds: header });
  if (seconds < 120) return say(language, 'cli.retry_after', { seconds: String(Math.max(seconds, 0)) });
  return say(language, 'cli.retry_after_minutes', { minutes: String(Math.ceil(seconds / 60)) });
}

function chunked(bytes: Buffer, progress: Progress | undefined): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      const chunk = bytes.subarray(offset, offset + UPLOAD_CHUNK);
      offset += chunk.length;
      controller.enqueue(new Uint8Array(chunk));
      progress?.advance(chunk.length);
    },
  });
}
