// `npm run bench:notify`: notify latency with the quota applied, and delivery throughput to local fake providers,
// for audiences of 10k, 100k and 1M users (2 devices each) on SQLite and PostgreSQL.
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { createPlatform, type Platform } from '../../packages/server/src/platform.js';
import {
  deployToken,
  publishedApp,
  type Requester,
} from '../../packages/server/test/helpers/push-fakes/audience.js';
import { type BenchDialect, createBenchDatabase, postgresAdminUrl } from './databases.js';
import { startFakesProcess } from './fakes-client.js';
import { providerBaseline } from './provider-baseline.js';
import { seedAudience } from './seed.js';
import { benchRedisUrl, heldQueue } from './worker-processes.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    'throughput-sizes': { type: 'string', default: '10000,100000' },
    dialects: { type: 'string', default: postgresAdminUrl ? 'sqlite,postgres' : 'sqlite' },
    concurrency: { type: 'string', default: '8' },
    'pipeline-users': { type: 'string', default: '50000' },
    // Rows with this many `worker` processes on BullMQ (needs BENCH_REDIS_URL or TEST_REDIS_URL); 0 for none.
    workers: { type: 'string', default: benchRedisUrl ? '2' : '0' },
    // Notify as production runs it: NODE_ENV=production, PostgreSQL with statistics as a burst of sign-ups
    // leaves them (no ANALYZE after seeding), Redis and BullMQ (needs both servers); empty for none.
    'production-sizes': {
      type: 'string',
      default: postgresAdminUrl && benchRedisUrl ? '20000,100000' : '',
    },
  },
});
const list = (text: string) => text.split(',').filter(Boolean).map(Number);
const sizes = list(values.sizes);
const productionSizes = postgresAdminUrl && benchRedisUrl ? list(values['production-sizes']) : [];
const throughputSizes = new Set(values['throughput-sizes'].split(',').map(Number));
const dialects = values.dialects.split(',') as BenchDialect[];
const workerProcesses = benchRedisUrl ? Number(values.workers) : 0;

interface Row {
  dialect: BenchDialect | 'postgres, production';
  /** Who sent: the in-process sender, or this many `worker` processes on BullMQ. */
  senders: string;
  users: number;
  seedS: number;
  scanMs: number;
  notifyMs: [number, number, number];
  /** From the request until its quota charge committed (PostgreSQL charges after answering). */
  chargedMs: [number, number, number];
  delivered: [number, number, number];
  messages?: number;
  sendS?: number;
  perSecond?: number;
  /** CPU time per device message: the sender (this process) and the fake providers (their process). */
  senderUs?: number;
  fakesUs?: number;
}

console.log(
  `${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at start`,
);
const fakes = await startFakesProcess();
const rows: Row[] = [];
console.log('provider clients alone (no database, no queue), per platform and for the mix:');
for (const only of ['android', 'ios', 'huawei', 'rustore', undefined] as const) {
  const fakesCpu = await fakes.cpuMs();
  const cpu = process.cpuUsage();
  const messages = only === 'huawei' ? 200_000 : 40_000;
  const rate = await providerBaseline(fakes.env, messages, Number(values.concurrency), only);
  const used = process.cpuUsage(cpu);
  const fakesUs = (((await fakes.cpuMs()) - fakesCpu) * 1000) / messages;
  console.log(
    `  ${(only ?? 'mix').padEnd(8)} ${fmt(rate).padStart(8)} messages/s; CPU per message: client ${((used.user + used.system) / messages).toFixed(0)} µs, fake ${fakesUs.toFixed(0)} µs`,
  );
}
const baseline = await providerBaseline(fakes.env, 100_000, Number(values.concurrency));
console.log(`  mix, 100,000 messages: ${fmt(baseline)} messages/s (the baseline below)`);

for (const dialect of dialects) {
  for (const users of sizes) {
    const database = await createBenchDatabase(dialect);
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...database.env, ...fakes.env };
    try {
      const row = await measureNotify(dialect, users, { ...env, PUSH_WORKER: 'off' });
      if (throughputSizes.has(users))
        Object.assign(row, await measureDelivery({ ...env, PUSH_CONCURRENCY: values.concurrency }));
      rows.push(row);
      console.log(describe(row, baseline));
    } finally {
      await database.drop();
    }
    if (workerProcesses > 0 && throughputSizes.has(users)) {
      const row = await measureWorkers(dialect, users);
      rows.push(row);
      console.log(describe(row, baseline));
    }
  }
}
for (const users of productionSizes) {
  const row = await measureProduction(users);
  rows.push(row);
  console.log(describe(row, baseline));
}
// The delivery pipeline itself (queue, chunk expansion, leases, bookkeeping), with a provider that batches:
// every device on Huawei, whose Push Kit takes 1000 tokens per request.
const pipelineUsers = Number(values['pipeline-users']);
for (const dialect of pipelineUsers > 0 ? dialects : []) {
  const database = await createBenchDatabase(dialect);
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...database.env, ...fakes.env };
  try {
    await measureNotify(dialect, pipelineUsers, { ...env, PUSH_WORKER: 'off' }, { huaweiOnly: true });
    const row = await measureDelivery({ ...env, PUSH_CONCURRENCY: values.concurrency });
    console.log(
      `pipeline, ${dialect}, all devices on HMS: ${fmt(row.messages!)} messages in ${row.sendS!.toFixed(1)} s = ${fmt(row.perSecond!)}/s; sender CPU ${row.senderUs!.toFixed(0)} µs per message`,
    );
  } finally {
    await database.drop();
  }
}
await fakes.close();
console.log(`\n${table(rows, baseline)}`);
console.log(
  `\nload average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the end`,
);

/**
 * Notify on PostgreSQL in production mode with BullMQ: keys set, no dev login (the owner's JWT is issued
 * with the platform's secret), the queue held so that no sender competes, statistics left stale.
 */
async function measureProduction(users: number): Promise<Row> {
  const database = await createBenchDatabase('postgres');
  const queue = await heldQueue(benchRedisUrl!);
  const key = () => randomBytes(32).toString('hex');
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PLATFORM_KEY: key(),
    SERVICE_ROLE_KEY: key(),
    AUTH_JWT_SECRET: key(),
    ...database.env,
    ...fakes.env,
    ...queue.env,
  };
  try {
    const row = await measureNotify('postgres', users, env, { analyze: false });
    return { ...row, dialect: 'postgres, production', senders: 'BullMQ (held)' };
  } finally {
    await queue.close();
    await database.drop();
  }
}

/** Seeds the audience, then times three notify calls: both within quota, then one entirely over it. */
async function measureNotify(
  dialect: BenchDialect,
  users: number,
  env: Record<string, string>,
  options: { huaweiOnly?: boolean; analyze?: boolean } = {},
): Promise<Row> {
  const platform = await createPlatform(loadConfig(env));
  const app = await buildApp(platform);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const http = requester(base);
    const owner = platform.config.devLogin ? await login(http) : await issuedLogin(platform);
    const target = await publishedApp(http, platform.db, owner, 'bench', 'news', { name: 'Campus News' });
    const token = await deployToken(http, owner);
    let started = performance.now();
    await seedAudience(platform.db, dialect, target.id, 'u', users, options.analyze ?? true);
    const huaweiOnly = options.huaweiOnly ?? false;
    if (huaweiOnly)
      await sql`update devices set platform = 'huawei', token = 'huawei-' || id`.execute(platform.db);
    const seedS = (performance.now() - started) / 1000;
    started = performance.now();
    await sql`select count(*) from consents where app_id = ${target.id} and scopes like '%"notifications"%'`.execute(
      platform.db,
    );
    const scanMs = performance.now() - started;
    const notifyMs: number[] = [];
    const chargedMs: number[] = [];
    const delivered: number[] = [];
    for (const n of [1, 2, 3]) {
      started = performance.now();
      const res = await fetch(`${base}/functions/v1/miniapp-notify`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          organizationId: 'bench',
          slug: 'news',
          title: `Push ${n}`,
          body: 'Benchmark',
          page: '/news/1',
        }),
      });
      const answer = (await res.json()) as { delivered: number; users: number };
      notifyMs.push(performance.now() - started);
      delivered.push(answer.delivered);
      if (answer.users !== users) throw new Error(`users ${answer.users}, expected ${users}`);
      // PostgreSQL charges the quota after answering, and the app's next push waits for that charge:
      // timed apart, so each figure is one push's answer.
      chargedMs.push(await untilCharged(platform, started));
    }
    return {
      dialect,
      senders: 'in-process',
      users,
      seedS,
      scanMs,
      notifyMs: notifyMs as Row['notifyMs'],
      chargedMs: chargedMs as Row['notifyMs'],
      delivered: delivered as Row['delivered'],
    };
  } finally {
    await app.close();
    await platform.close();
  }
}

/** Milliseconds from `started` until no push is left uncharged. */
async function untilCharged(platform: Platform, started: number): Promise<number> {
  for (;;) {
    const pending = await platform.db
      .selectFrom('notifications')
      .select('id')
      .where('chargedAt', 'is', null)
      .executeTakeFirst();
    if (!pending) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Starts an in-process sender on the seeded database and times until every queued device message is done. */
async function measureDelivery(env: Record<string, string>): Promise<Partial<Row>> {
  await fakes.reset();
  const fakesCpu = await fakes.cpuMs();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const platform: Platform = await createPlatform(loadConfig(env));
  try {
    return await timeDelivery(platform, started, fakesCpu, () => {
      const used = process.cpuUsage(cpu);
      return (used.user + used.system) / 1000;
    });
  } finally {
    await platform.close();
  }
}

/**
 * Notify on a fresh database with BullMQ as the queue, then `worker` processes (held until all are up)
 * send it; their CPU is the sender's.
 */
async function measureWorkers(dialect: BenchDialect, users: number): Promise<Row> {
  const database = await createBenchDatabase(dialect);
  const queue = await heldQueue(benchRedisUrl!);
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...database.env, ...fakes.env, ...queue.env };
  try {
    const row = await measureNotify(dialect, users, { ...env, PUSH_WORKER: 'off' });
    row.senders = `${workerProcesses} worker processes`;
    await fakes.reset();
    const workers = await queue.release(workerProcesses, {
      ...env,
      LOG_LEVEL: 'info',
      PUSH_CONCURRENCY: values.concurrency,
    });
    const fakesCpu = await fakes.cpuMs();
    const workersCpu = workers.cpuMs();
    const started = performance.now();
    // This process only watches the database (no sender: PUSH_WORKER=off, and BullMQ is the workers').
    const platform = await createPlatform(loadConfig({ ...env, PUSH_WORKER: 'off' }));
    try {
      Object.assign(row, await timeDelivery(platform, started, fakesCpu, () => workers.cpuMs() - workersCpu));
    } finally {
      await platform.close();
      await workers.stop();
    }
    return row;
  } finally {
    await queue.close();
    await database.drop();
  }
}

/** Waits until every push is finished, checks the counts against the fakes, and reports rate and CPU. */
async function timeDelivery(
  platform: Platform,
  started: number,
  fakesCpu: number,
  senderCpuMs: () => number,
): Promise<Partial<Row>> {
  for (;;) {
    const { open } = await platform.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('open'))
      .where('finishedAt', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(open) === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const sendS = (performance.now() - started) / 1000;
  const senderMs = senderCpuMs();
  const totals = await platform.db
    .selectFrom('notifications')
    .select((eb) => [
      eb.fn.sum<number>('devices').as('devices'),
      eb.fn.sum<number>('accepted').as('accepted'),
    ])
    .executeTakeFirstOrThrow();
  const accepted = Object.values(await fakes.accepted()).reduce((a, b) => a + b, 0);
  if (Number(totals.accepted) !== Number(totals.devices) || accepted !== Number(totals.devices))
    throw new Error(`accepted ${totals.accepted} (fakes ${accepted}) of ${totals.devices}`);
  const messages = Number(totals.devices);
  return {
    messages,
    sendS,
    perSecond: messages / sendS,
    senderUs: (senderMs * 1000) / messages,
    fakesUs: (((await fakes.cpuMs()) - fakesCpu) * 1000) / messages,
  };
}

function requester(base: string): Requester {
  return {
    async request({ method, url, headers, payload }) {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { ...headers, ...(payload && { 'content-type': 'application/json' }) },
        ...(payload && { body: JSON.stringify(payload) }),
      });
      const body = await res.text();
      return { statusCode: res.status, body, json: () => JSON.parse(body) };
    },
  };
}

/** Production has no dev login: a user JWT signed with the platform's AUTH_JWT_SECRET (the profile is made from it). */
async function issuedLogin(platform: Platform): Promise<{ authorization: string }> {
  const token = await platform.userTokens.issue!({ sub: randomUUID(), email: 'bench@uni.example' });
  return { authorization: `Bearer ${token}` };
}

async function login(http: Requester): Promise<{ authorization: string }> {
  const res = await http.request({
    method: 'POST',
    url: '/api/v1/dev/login',
    payload: { email: 'bench@uni.example' },
  });
  return { authorization: `Bearer ${(res.json() as { token: string }).token}` };
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function describe(row: Row, baseline: number): string {
  const notify = row.notifyMs
    .map((ms, i) => `${fmt(ms)} ms (delivered ${fmt(row.delivered[i]!)})`)
    .join(', ');
  const send = row.perSecond
    ? `; sent ${fmt(row.messages!)} messages in ${row.sendS!.toFixed(1)} s = ${fmt(row.perSecond)}/s (${(row.perSecond / baseline).toFixed(2)}× provider clients alone); CPU per message: sender ${row.senderUs!.toFixed(0)} µs, fakes ${row.fakesUs!.toFixed(0)} µs`
    : '';
  const charged = row.chargedMs.map((ms) => fmt(ms)).join(' / ');
  return `${row.dialect} ${fmt(row.users)} users, ${row.senders}: seeded in ${row.seedS.toFixed(1)} s; audience scan ${fmt(row.scanMs)} ms; notify ${notify}; charge committed after ${charged} ms${send}`;
}

function table(all: Row[], baseline: number): string {
  const lines = [
    '| database | senders | audience (users / devices) | notify 1st | notify 2nd | notify 3rd (over quota) | ÷ audience scan | delivery (messages/s) | ÷ provider clients alone | sender CPU / message |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of all) {
    lines.push(
      `| ${row.dialect} | ${row.senders} | ${fmt(row.users)} / ${fmt(row.users * 2)} | ${fmt(row.notifyMs[0])} ms | ${fmt(row.notifyMs[1])} ms | ${fmt(row.notifyMs[2])} ms | ${(row.notifyMs[0] / row.scanMs).toFixed(1)}× | ${row.perSecond ? fmt(row.perSecond) : '—'} | ${row.perSecond ? `${(row.perSecond / baseline).toFixed(2)}×` : '—'} | ${row.senderUs ? `${row.senderUs.toFixed(0)} µs` : '—'} |`,
    );
  }
  return lines.join('\n');
}
