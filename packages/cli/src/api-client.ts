// Calls the platform: JSON in and out, its error envelope turned into a CliError with advice, uploads with progress.
import type { ErrorAnswer } from '@miniapps/contract';
import { type Api, createApi } from '@miniapps/host';
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

const UPLOAD_CHUNK = 16 * 1024; // 16 KB: fine-grained enough for a bar, large enough to cost nothing
const TIMEOUT_MS = 60_000;

/** Per-call extras of the CLI's transport: whose token, more headers, an upload's progress. */
export interface CallOptions {
  token?: string | undefined;
  headers?: Record<string, string> | undefined;
  progress?: Progress | undefined;
}

/**
 * The platform's API as @miniapps/contract types it (the host kit's typed client) over the CLI's own transport,
 * so answers are the contract's shapes and failures CliErrors with advice.
 * @example const { tokens } = await platformApi(settings, { token }).request('GET /api/v1/tokens');
 */
export function platformApi(settings: Settings, options: CallOptions = {}): Api {
  const url = (path: string, query?: Record<string, string | number | undefined>) => {
    const pairs = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== '');
    const search = new URLSearchParams(pairs.map(([key, value]): [string, string] => [key, String(value)]));
    return `${path}${pairs.length > 0 ? `?${search}` : ''}`;
  };
  return createApi({
    url: (path, query) => `${settings.url}${url(path, query)}`,
    call: (method, path, request = {}) =>
      callPlatform(settings, {
        method,
        path: url(path, request.query),
        token: options.token,
        body: request.body,
        headers: { ...options.headers, ...request.headers },
        progress: options.progress,
      }),
  });
}

/** One call; a 2xx answer's JSON comes back as it is (typed by `platformApi`'s caller, never asserted here). */
export async function callPlatform(settings: Settings, call: ApiCall): Promise<unknown> {
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
  if (response.ok) return parsed;
  throw platformError(parsed, response, settings.language);
}

function platformError(parsed: unknown, response: Response, language: Language): CliError {
  const envelope = parsed as Partial<ErrorAnswer>;
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
