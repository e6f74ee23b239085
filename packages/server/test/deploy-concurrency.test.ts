// Concurrency and failure: parallel deploys take each version once; a deploy that fails half-way changes nothing.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createApp,
  type Developer,
  hostedSuite,
  revisionVersions,
  screen,
  screens,
  storedScreens,
} from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import type { TestPlatform } from './helpers/platform.js';

const here = fileURLToPath(new URL('.', import.meta.url));

async function waitFor(
  condition: () => Promise<boolean> | boolean,
  what: string,
  ms = 20_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(dialects)('deploy concurrency and failure on %s', (dialect) => {
  const suite = hostedSuite(dialect);
  let t: TestPlatform;
  let dev: Developer;
  beforeAll(() => {
    ({ t, dev } = suite);
  });

  /** Everything a deploy touches, to compare before and after a failure. */
  async function snapshot(slug: string) {
    const { app, rows } = await storedScreens(t, dev.org, slug);
    const audit = await t.platform.db
      .selectFrom('auditLog')
      .select('id')
      .where('appId', '=', app.id)
      .execute();
    return { app, rows, revisions: await revisionVersions(t, app.id), audit: audit.length };
  }

  it('gives 20 parallel deploys versions 1..20, each once, with 20 revisions and the last one on top', async () => {
    await createApp(t, dev, 'race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        suite.push('race', [screen('/', `deploy ${i}`), screen(`/only-${i}`)]),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const versions = answers.map((res) => res.json().version as number);
    expect([...versions].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const last = versions.indexOf(20);
    const { app, rows, revisions } = await snapshot('race');
    expect(app.version).toBe(20);
    expect(revisions).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(rows.map((row) => [row.version, row.path, JSON.parse(row.json).title])).toEqual([
      [20, '/', `deploy ${last}`],
      [20, `/only-${last}`, `screen /only-${last}`],
    ]);
  });

  async function installFailure(
    table: 'revisions' | 'audit_log' | 'consents',
    when: string,
    event = 'insert',
  ) {
    const name = `fail_${table}`;
    if (dialect === 'sqlite') {
      await sql
        .raw(
          `create trigger ${name} before ${event} on ${table} when ${when} begin select raise(abort, 'injected'); end`,
        )
        .execute(t.platform.db);
    } else {
      await sql
        .raw(
          `create or replace function injected_failure() returns trigger language plpgsql as $$ begin raise exception 'injected'; end $$`,
        )
        .execute(t.platform.db);
      await sql
        .raw(
          `create trigger ${name} before ${event} on ${table} for each row when (${when}) execute function injected_failure()`,
        )
        .execute(t.platform.db);
    }
    return () =>
      sql.raw(`drop trigger ${name}${dialect === 'postgres' ? ` on ${table}` : ''}`).execute(t.platform.db);
  }

  it('leaves screens, version and revisions whole when the write fails after the screens are stored', async () => {
    await createApp(t, dev, 'sturdy');
    await suite.push('sturdy', screens(3, 'one'));
    await suite.push('sturdy', screens(2, 'two'));
    const before = await snapshot('sturdy');
    for (const undo of [
      // Fails at the revision, after the screen rows went in.
      await installFailure('revisions', 'new.screen_count = 13'),
      // Fails at the very last write of the transaction, after the app row was updated.
      await installFailure('audit_log', `new.app_id = '${before.app.id}' and new.version = 3`),
    ]) {
      const res = await suite.push('sturdy', screens(13, 'doomed'), true);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ ok: false, error: 'internal', message: expect.any(String) });
      expect(res.body).not.toContain('injected');
      expect(await snapshot('sturdy')).toEqual(before);
      await undo();
    }
    const next = await suite.push('sturdy', screens(13, 'fine'));
    expect(next.json()).toMatchObject({ ok: true, version: 3 });
  });

  it('leaves the app unsuspended with its scopes when revoking consents fails inside a suspension', async () => {
    await createApp(t, dev, 'undone', { scopes: ['notifications'] });
    await suite.push('undone', screens(1), true);
    await suite.decide('undone', 'approve');
    const { app } = await snapshot('undone');
    const user = await t.login('consenting@uni.example');
    const now = new Date().toISOString();
    await t.platform.db
      .insertInto('consents')
      .values({
        userId: user.user.id,
        appId: app.id,
        scopes: '["notifications"]',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const undo = await installFailure('consents', `new.app_id = '${app.id}'`, 'update');
    const res = await suite.decide('undone', 'suspend', { reason: 'Abuse', revokeNotifications: true });
    expect(res.statusCode).toBe(500);
    await undo();
    const after = await snapshot('undone');
    expect(after.app).toEqual(app);
    const consent = await t.platform.db
      .selectFrom('consents')
      .select('scopes')
      .where('appId', '=', app.id)
      .execute();
    expect(consent).toEqual([{ scopes: '["notifications"]' }]);
  });

  it('leaves the previous state whole when the deploying process is killed inside its transaction', async () => {
    await createApp(t, dev, 'crash');
    await suite.push('crash', screens(2, 'one'));
    await suite.push('crash', screens(3, 'two'));
    const before = await snapshot('crash');
    const marker = join(t.database.dataDir, `crash-${Date.now()}`);

    // On PostgreSQL the child's trigger waits for an advisory lock this test holds, so the child is
    // provably inside its transaction (screens written, revision pending) when it is killed.
    let holder: pg.Client | undefined;
    const childUrl =
      t.database.databaseUrl && `${t.database.databaseUrl}?application_name=miniapps-crash-child`;
    if (dialect === 'postgres') {
      holder = new pg.Client({ connectionString: t.database.databaseUrl });
      await holder.connect();
      await holder.query('select pg_advisory_lock(4242)');
      await holder.query(`create or replace function crash_wait() returns trigger language plpgsql as $$
        begin
          if current_setting('application_name') = 'miniapps-crash-child' then perform pg_advisory_xact_lock(4242); end if;
          return new;
        end $$`);
      await holder.query(
        'create trigger crash_wait before insert on revisions for each row execute function crash_wait()',
      );
    }
    const input = {
      dialect,
      dataDir: t.database.dataDir,
      databaseUrl: childUrl,
      appId: before.app.id,
      actorId: dev.who.user.id,
      marker,
    };
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', join(here, 'deploy-crash-child.ts'), JSON.stringify(input)],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.on('exit', (code, signal) => resolve(signal ?? code)),
    );
    try {
      if (dialect === 'sqlite') {
        await waitFor(() => existsSync(marker) || child.exitCode !== null, 'the child to freeze');
      } else {
        await waitFor(async () => {
          const waiting = await holder!.query(
            `select 1 from pg_stat_activity where application_name = 'miniapps-crash-child' and wait_event = 'advisory'`,
          );
          return waiting.rowCount === 1 || child.exitCode !== null;
        }, 'the child to wait inside its transaction');
      }
      expect(child.exitCode, stderr).toBeNull();
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
    } finally {
      if (holder) {
        await holder.query('select pg_advisory_unlock(4242)');
        // The dead client's server process notices the closed socket and rolls back.
        await waitFor(async () => {
          const left = await holder!.query(
            `select 1 from pg_stat_activity where application_name = 'miniapps-crash-child'`,
          );
          return left.rowCount === 0;
        }, 'the killed session to end');
        await holder.query('drop trigger crash_wait on revisions');
        await holder.end();
      }
    }
    expect(await snapshot('crash')).toEqual(before);
    const next = await suite.push('crash', screens(1, 'after'));
    expect(next.json()).toMatchObject({ ok: true, version: 3 });
  });
});
