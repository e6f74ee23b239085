// CPU of the proxy's own code per request, without sockets: the real entry and pipeline (token, limiter, context,
// path and query rules, identity and signature headers, answer check, metrics) against a dispatcher that answers
// the same 1.3 KB JSON at once, and the same after a write made every cached context old.
// `tsx --conditions=source bench/proxy/entry.ts [--users N] [--requests N] [--stats] [--postgres URL]`. The figure to compare
// before and after a change to the hot path; run.ts measures the whole exchange. `--stats` also runs a second entry
// that counts usage statistics, round by round alternating with the first, and prints both.
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import type { Dispatcher } from 'undici';
import { loadConfig } from '../../packages/server/src/config.js';
import { createRequestMetrics } from '../../packages/server/src/http/request-metrics.js';
import { ManualClock } from '../../packages/server/src/infra/clock.js';
import { createPlatform } from '../../packages/server/src/platform.js';
import { createProxyEntry } from '../../packages/server/src/proxy/front/http-entry.js';
import { createProxyPipeline } from '../../packages/server/src/proxy/pipeline.js';
import { createServiceInvoker } from '../../packages/server/src/services/invoke.js';
import { serviceFunctions } from '../../packages/server/src/services/registry.js';
import { usageStatsFor } from '../../packages/server/src/stats/usage-stats.js';
import { freshDatabase } from './database.js';
import { API_PATH, answerBody } from './ipc.js';
import { seedBench } from './seed.js';

const arg = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const users = arg('--users', 1000);
const requests = arg('--requests', 150_000);
const inFlight = 32;
const withStats = process.argv.includes('--stats');
const postgresAt = process.argv.indexOf('--postgres');
const database =
  postgresAt === -1 ? undefined : await freshDatabase(process.argv[postgresAt + 1]!, 'miniapps_bench_entry');

const dataDir = mkdtempSync(join(tmpdir(), 'miniapps-entry-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  EGRESS_HOSTS: 'origin.test=127.0.0.1',
  ...(database && { DATABASE_URL: database.url }),
});
const platform = await createPlatform(config);
// Each round is a fresh minute for the limiter: no user nears 180 requests in one.
const clock = new ManualClock();
platform.clock = clock;
const tokens = await seedBench(platform, config, { users, originPort: 8443 });

const body = answerBody();
const answerHeaders = { 'content-type': 'application/json', 'content-length': String(body.length) };
const controller = { abort() {}, pause() {}, resume() {} } as unknown as Dispatcher.DispatchController;
/** Answers on the next turn of the event loop, as a socket would. */
const dispatcher = {
  dispatch(_options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
    setImmediate(() => {
      handler.onRequestStart?.(controller, {});
      handler.onResponseStart?.(controller, 200, answerHeaders, 'OK');
      handler.onResponseData?.(controller, body);
      handler.onResponseEnd?.(controller, {});
    });
    return true;
  },
} as unknown as Dispatcher;
(platform.egress as { dispatcher: unknown }).dispatcher = dispatcher;

const silent = { warn() {}, info() {}, error() {} };
const pipeline = createProxyPipeline(
  platform,
  createServiceInvoker(serviceFunctions, config.keys.serviceRoleKey, { db: platform.db }),
  silent,
);
const entry = createProxyEntry(pipeline, {
  log: silent as never,
  logRequests: false,
  observe: createRequestMetrics(platform.metrics),
});
const stats = withStats ? usageStatsFor(platform) : undefined;
// Its own metrics registry: the pipeline and the entry register their metrics once per registry.
const countingPlatform = { ...platform, metrics: new Registry() };
const countingEntry = stats
  ? createProxyEntry(
      createProxyPipeline(
        countingPlatform,
        createServiceInvoker(serviceFunctions, config.keys.serviceRoleKey, { db: platform.db }),
        silent,
        stats,
      ),
      { log: silent as never, logRequests: false, observe: createRequestMetrics(countingPlatform.metrics) },
    )
  : undefined;
const url = `/functions/v1/miniapp-proxy/bench/timetable${API_PATH}`;

let sent = 0;
let answered = 0;
let failures = 0;
function run(count: number, target = entry): Promise<void> {
  sent = 0;
  answered = 0;
  return new Promise((done) => {
    const next = () => {
      if (sent >= count) return;
      const i = sent++;
      const req = {
        url,
        method: 'GET',
        headers: {
          host: '127.0.0.1:8787',
          authorization: `Bearer ${tokens[i % tokens.length]}`,
          'user-agent': 'wrk',
        },
      } as unknown as IncomingMessage;
      const res: {
        headersSent: boolean;
        destroyed: boolean;
        status: number;
        writeHead(status: number): unknown;
        end(): void;
      } = {
        headersSent: false,
        destroyed: false,
        status: 0,
        writeHead(status: number) {
          res.status = status;
          return res;
        },
        end() {
          if (res.status !== 200) failures++;
          if (++answered === count) done();
          else next();
        },
      };
      target(req, res as unknown as ServerResponse);
    };
    for (let i = 0; i < inFlight; i++) next();
  });
}

await run(requests / 2); // warm-up: JIT, every user's token and context
if (countingEntry) {
  clock.advance(61_000);
  await run(requests / 2, countingEntry);
}
// After a write every context is old: each user's next request reloads it (one query, 32 at a time).
const reloads: number[] = [];
for (let k = 0; k < 9; k++) {
  platform.writes.bump();
  const before = process.cpuUsage();
  await run(users);
  const used = process.cpuUsage(before);
  reloads.push((used.user + used.system) / users);
}
reloads.sort((a, b) => a - b);
const rounds: number[] = [];
const countingRounds: number[] = [];
const cpuPerRequest = async (target: typeof entry) => {
  clock.advance(61_000);
  const before = process.cpuUsage();
  await run(requests, target);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / requests;
};
for (let round = 0; round < 9; round++) {
  // With --stats the two entries take turns, each going first every other round.
  if (countingEntry && round % 2 === 1) countingRounds.push(await cpuPerRequest(countingEntry));
  rounds.push(await cpuPerRequest(entry));
  if (countingEntry && round % 2 === 0) countingRounds.push(await cpuPerRequest(countingEntry));
}
rounds.sort((a, b) => a - b);
countingRounds.sort((a, b) => a - b);
console.log(
  `first request after a write (context reloaded): median ${reloads[4]!.toFixed(1)} µs CPU per request\n` +
    `proxy entry, ${users} users: ${rounds.map((r) => r.toFixed(2)).join(' ')} µs CPU per request (min ${rounds[0]!.toFixed(2)}, median ${rounds[4]!.toFixed(2)})${failures ? `, ${failures} FAILURES` : ''}`,
);
if (stats) {
  console.log(
    `proxy entry counting usage: ${countingRounds.map((r) => r.toFixed(2)).join(' ')} µs CPU per request (median ${countingRounds[4]!.toFixed(2)}, ${((countingRounds[4]! / rounds[4]! - 1) * 100).toFixed(1)} % more)`,
  );
  await stats.close();
}
await platform.close();
await database?.drop();
rmSync(dataDir, { recursive: true, force: true });
