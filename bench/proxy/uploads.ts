// Uploads through the proxy: 20 concurrent 10 MB multipart uploads against the real platform in a process of its own,
// its resident memory sampled throughout; the growth is compared with the bytes in flight (target: under 2x).
// `npx tsx --conditions=source bench/proxy/uploads.ts [--rounds N] [--uploads N]` (default 3 rounds of 20).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_UPLOAD_FILE_BYTES } from '../../packages/contract/src/limits.js';
import { multipart, pngOfSize } from '../../packages/server/test/helpers/upload-origin.js';
import { spawnChild, startOrigin, stopChildren } from './children.js';

const option = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) || fallback : fallback;
const rounds = option('--rounds', 3);
const uploads = option('--uploads', 20);
const MB = 1024 * 1024;

/** Resident memory of a process, from /proc (Linux), in bytes. */
function rss(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) * 1024;
}

/** One upload, its body written in 64 KB pieces as a client on a network would; resolves with the status. */
function upload(port: number, token: string, body: Buffer, contentType: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/functions/v1/miniapp-proxy/bench/timetable/api/uploads',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'content-length': body.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    let at = 0;
    const pump = () => {
      while (at < body.length) {
        const piece = body.subarray(at, at + 64 * 1024);
        at += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

const work = mkdtempSync(join(tmpdir(), 'miniapps-bench-uploads-'));
try {
  const origin = await startOrigin(work);
  const tokensFile = join(work, 'tokens.txt');
  const platform = await spawnChild('platform.ts', {
    ...origin.env,
    BENCH_TOKENS_FILE: tokensFile,
    BENCH_DATA_DIR: join(work, 'data'),
    BENCH_USERS: String(uploads * (rounds + 1)),
  });
  const pid = platform.process.pid!;
  const tokens = readFileSync(tokensFile, 'utf8').trim().split('\n');
  // A file at the limit (PNG signature, then filler): the largest a single part may be.
  const form = multipart([
    { name: 'photo', filename: 'scan.png', type: 'image/png', data: pngOfSize(MAX_UPLOAD_FILE_BYTES) },
  ]);
  // Warm-up: the parser, the spool and the origin's connection are made once before any figure is taken.
  const warm = await upload(platform.port, tokens.at(-1)!, form.body, form.contentType);
  if (warm !== 200) throw new Error(`warm-up upload answered ${warm}`);
  await new Promise((done) => setTimeout(done, 1000));
  console.log(
    `platform pid ${pid}; ${uploads} concurrent uploads of ${(form.body.length / MB).toFixed(2)} MB, ${rounds} rounds`,
  );
  console.log('| round | RSS before | peak RSS | growth | bytes in flight | growth / in flight | seconds |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (let round = 0; round < rounds; round++) {
    const before = rss(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss(pid));
    }, 5);
    const started = performance.now();
    const users = tokens.slice(round * uploads, (round + 1) * uploads);
    const statuses = await Promise.all(
      users.map((token) => upload(platform.port, token, form.body, form.contentType)),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rss(pid));
    if (statuses.some((status) => status !== 200)) throw new Error(`statuses: ${statuses.join(',')}`);
    const inFlight = uploads * form.body.length;
    const growth = peak - before;
    console.log(
      `| ${round + 1} | ${(before / MB).toFixed(0)} MB | ${(peak / MB).toFixed(0)} MB | ${(growth / MB).toFixed(1)} MB | ` +
        `${(inFlight / MB).toFixed(0)} MB | ${(growth / inFlight).toFixed(3)}x | ${seconds.toFixed(1)} |`,
    );
    await new Promise((done) => setTimeout(done, 1000));
  }
} finally {
  stopChildren();
  rmSync(work, { recursive: true, force: true });
}
