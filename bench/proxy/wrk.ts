// Runs wrk against one target and reads requests per second, latency percentiles and errors from its report.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const script = resolve(import.meta.dirname, 'tokens.lua');

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Responses other than 2xx/3xx, plus socket errors: any makes the figure invalid. */
  errors: number;
}

export async function wrk(
  url: string,
  path: string,
  connections: number,
  seconds: number,
  tokensFile: string,
) {
  const { stdout } = await run(
    'wrk',
    [
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '--latency',
      '-s',
      script,
      url,
      '--',
      tokensFile,
      path,
    ],
    { maxBuffer: 1 << 20 },
  );
  return parseWrk(stdout);
}

/** Milliseconds from wrk's "812.00us", "1.23ms", "2.01s". */
function ms(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`unreadable latency "${text}"`);
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[
    match[2] as 'us' | 'ms' | 's' | 'm'
  ];
}

export function parseWrk(report: string): LoadResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(report)?.[1]);
  const p50 = /\s50%\s+(\S+)/.exec(report)?.[1];
  const p99 = /\s99%\s+(\S+)/.exec(report)?.[1];
  if (!rps || !p50 || !p99) throw new Error(`unreadable wrk report:\n${report}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(report)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const errors = non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  return { rps, p50: ms(p50), p99: ms(p99), errors };
}
