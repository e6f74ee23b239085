// The platform's one logger: pino's JSON lines, for the HTTP app (Fastify's request log), the push worker and start-up.
import { type Logger, pino } from 'pino';
import { redactedUrl } from './http/request-id.js';

export type Log = Logger;

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/**
 * At or above `level` (LOG_LEVEL: trace, debug, info, warn, error, fatal or silent). A request is logged
 * as its method, its URL without the query and its address: never its headers (tokens), never its query.
 */
export function createLog(level: string): Log {
  return pino({
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactedUrl(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  });
}
