// Tells "the database cannot be reached right now" apart from every other failure: the former is 503, not 500.
import { AppError, databaseUnavailable } from '../errors.js';

/** Socket-level failures on the way to the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  // SQLite: another process held the write lock past busy_timeout.
  'SQLITE_BUSY',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away, starting, or full: connection exceptions (class 08),
 * admin or crash shutdown, cannot connect now (starting up, recovering), idle-session timeout, too many
 * connections (for the server, the database or the role).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1235]|53300)$/;

/**
 * 55000 (object not in prerequisite state) is mostly the request's own fault; with this message it is a
 * database closed to connections (`ALTER DATABASE … ALLOW_CONNECTIONS false`, or a template), which passes.
 */
const NOT_ACCEPTING = /is not currently accepting connections/;

/** node-postgres's own messages when a connection dies or none can be had in time. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  if (code === '55000' && typeof message === 'string' && NOT_ACCEPTING.test(message)) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  // A failed connect may arrive as an AggregateError of one failure per address (IPv4 and IPv6).
  const inner = (error as { errors?: unknown }).errors;
  return Array.isArray(inner) && inner.length > 0 && inner.every(isDatabaseUnavailable);
}

/** What a thrown error is answered as: itself when coded, 503 `unavailable` when the database is away, else 500. */
export function answeredAs(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return isDatabaseUnavailable(error) ? databaseUnavailable() : new AppError('internal');
}
