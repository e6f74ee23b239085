// docs/getting-started.md, run as written: its shell blocks in order, by bash, from the clone's folder, against a
// platform started the way `npm start` starts it on a fresh data directory, with a fresh home for the CLI's files.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../packages/cli/test/helpers/cli-process.js';
import { type ServerProcess, startServerProcess } from '../packages/server/test/helpers/server-process.js';
import { backgroundCommand, runScript, shellBlocks, stopBackground } from './helpers/doc-script.js';

const guide = readFileSync(join(REPO_ROOT, 'docs/getting-started.md'), 'utf8');
/** What `miniapps dev --origin` prints once the origin is reachable through the platform. */
const ORIGIN_READY = /Ctrl-C stops the proxy and your command/;

describe('docs/getting-started.md', () => {
  let server: ServerProcess;
  let home: string;
  let dataDir: string;
  const originLog = () => join(home ?? tmpdir(), 'dev-origin.log');

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'miniapps-getting-started-data-'));
    home = mkdtempSync(join(tmpdir(), 'miniapps-getting-started-home-'));
    server = await startServerProcess({ DATA_DIR: dataDir }, 90_000);
  }, 120_000);
  afterAll(async () => {
    await stopBackground(originLog());
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  it("starts with `npm ci && npm start`, the README's command (the test starts the same entry point itself)", () => {
    const [start] = shellBlocks(guide);
    expect(start?.commands).toEqual(['npm ci && npm start']);
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('(docs/getting-started.md)');
  });

  it('takes a newcomer from sign-in to a hosted app approved and open, a remote app open and a push in the inbox, with the CLI alone', async () => {
    const blocks = shellBlocks(guide).slice(1);
    expect(blocks.filter((block) => block.background)).toHaveLength(1);
    const run = await runScript(
      blocks.flatMap((block) =>
        block.background ? [backgroundCommand(block, originLog(), ORIGIN_READY)] : block.commands,
      ),
      { cwd: REPO_ROOT, home, platformUrl: server.url },
    );
    expect(run.code, run.transcript).toBe(0);
    const out = (command: RegExp) => run.outputOf(command);

    expect(out(/^npx miniapps validate/)).toMatch(/0 error\(s\)/);
    expect(out(/^npx miniapps deploy/)).toContain(
      'Deployed demo-university/guide: version 1, status pending_review',
    );
    const [pending, published] = run.outputsOf(/^npx miniapps apps status/);
    expect(pending).toContain('demo-university/guide: pending_review, version 1, live version none.');
    expect(out(/review list$/)).toMatch(/demo-university\/guide\s+hosted\s+1 /);
    expect(out(/review approve/)).toContain('Approved demo-university/guide: version 1 is live');
    expect(published).toContain('demo-university/guide: published, version 1, live version 1.');

    const screen = JSON.parse(out(/^curl -s .*\/screen\//));
    const file = JSON.parse(readFileSync(join(home, 'miniapps-first/guide/screens/index.json'), 'utf8'));
    expect(screen).toEqual(file);

    expect(out(/^setsid /)).toMatch(/name +notes\.demo-university\.dev\.test → 127\.0\.0\.1:\d+/);
    const remote = JSON.parse(out(/^curl -s .*\/notes\/screen\//));
    expect(remote).toMatchObject({ type: 'screen' });
    expect(JSON.stringify(remote)).toContain('Notes');

    expect(out(/^npx miniapps notify/), run.transcript).toContain('delivered to 1 of 1 user(s)');
    const inbox = JSON.parse(out(/^curl -s .*\/me\/inbox /));
    expect(inbox.items).toMatchObject([
      {
        title: 'Campus guide: Welcome',
        body: 'The list has two items',
        page: '/items',
        app: { slug: 'guide' },
      },
    ]);
  }, 300_000);
});
