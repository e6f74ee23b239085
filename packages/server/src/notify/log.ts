// A small structured logger for the delivery worker, which runs outside any HTTP request.
export type LogLevel = 'info' | 'warn' | 'error';
export type Log = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

const rank: Record<string, number> = { trace: 0, debug: 1, info: 2, warn: 3, error: 4, fatal: 5, silent: 9 };

/** JSON lines on stderr at or above `level` (the platform's LOG_LEVEL names). */
export function createLog(level: string): Log {
  const min = rank[level] ?? rank.info!;
  return (lvl, message, fields = {}) => {
    if (rank[lvl]! < min) return;
    process.stderr.write(`${JSON.stringify({ level: lvl, time: Date.now(), msg: message, ...fields })}\n`);
  };
}
