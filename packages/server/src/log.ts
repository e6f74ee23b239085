// The platform's one logger: pino's JSON lines, for the HTTP app (Fastify's request log), the push worker and start-up.
import { type Logger, pino } from 'pino';

export type Log = Logger;

/** At or above `level` (LOG_LEVEL: trace, debug, info, warn, error, fatal or silent); tokens never printed. */
export function createLog(level: string): Log {
  return pino({ level, redact: ['req.headers.authorization'] });
}
