// The remote-origin example as a real process (tsx src/main.ts, https on loopback) behind a real platform's proxy:
// screens, the notes API, 404 JSON for unknown routes, and 401 for anything the proxy did not sign.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type BindingPath,
  lookupPath,
  parseSingleBinding,
  parseStatePath,
  validateScreen,
} from '@miniapps/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consent,
  generateSecret,
  loopbackOriginEnv,
  publishRemoteApp,
  type RemoteAppSetup,
} from '../../../packages/sdk/test/helpers/remote-app.js';
import { dialects } from '../../../packages/server/test/helpers/databases.js';
import { testCertificates } from '../../../packages/server/test/helpers/https-origin.js';
import {
  type SignedIn,
  startTestPlatform,
  type TestPlatform,
} from '../../../packages/server/test/helpers/platform.js';

const exampleDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

describe.each(dialects)('examples/remote-origin on %s', (dialect) => {
  const certs = testCertificates();
  let t: TestPlatform;
  let origin: ChildProcess;
  let port: number;
  let app: RemoteAppSetup;
  let ada: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    t = await startTestPlatform(dialect, loopbackOriginEnv(certs.caFile));
    port = await freePort();
    app = {
      org: 'notes-org',
      slug: 'notes',
      origin: `https://origin.test:${port}`,
      scopes: ['profile', 'group'],
    };
    const developer = await t.login('notes-dev@uni.example');
    await publishRemoteApp(t, developer, app);
    const { secret } = await generateSecret(t, developer, app);
    origin = await startExample(port, secret);
    ada = await t.login('ada@uni.example', { fullName: 'Ада Лавлейс', course: '2', group: 'ПМ-21' });
    bob = await t.login('bob@uni.example', { fullName: 'Bob' });
    await consent(t, ada, app);
  });
  afterAll(async () => {
    origin?.kill('SIGTERM');
    await t?.close();
  });

  const proxy = (who: SignedIn, kind: 'screen' | 'api', path: string, method = 'GET', payload?: object) =>
    t.request({
      method: method as 'GET',
      url: `/functions/v1/miniapp-proxy/${app.org}/${app.slug}/${kind}${path}`,
      headers: who.auth,
      ...(payload && { payload }),
    });

  it('serves its home screen through the proxy, greeting the user by the name their consent allows', async () => {
    const home = await proxy(ada, 'screen', '/');
    expect(home.statusCode).toBe(200);
    expect(home.json()).toMatchObject({
      type: 'screen',
      children: [{ type: 'heading', text: 'Hello, Ада Лавлейс!' }, { text: 'Group ПМ-21, course 2.' }, {}],
    });
    expect(validateScreen(home.json())).toMatchObject({
      unknownWidgets: [],
      unknownActions: [],
      problems: [],
    });
    // Bob granted nothing: the app still works, without his name.
    const bobs = await proxy(bob, 'screen', '/');
    expect(bobs.json().children[0]).toEqual({ type: 'heading', text: 'Hello!', level: 1 });
  });

  it('keeps notes per user through its networkRequest API', async () => {
    const created = await proxy(ada, 'api', '/api/notes', 'POST', { text: 'Buy a lab coat' });
    expect(created.statusCode).toBe(201);
    const note = created.json().note;
    expect(note).toMatchObject({ id: expect.any(String), text: 'Buy a lab coat' });

    expect((await proxy(ada, 'api', '/api/notes')).json()).toMatchObject({ ok: true, notes: [note] });
    expect((await proxy(bob, 'api', '/api/notes')).json()).toEqual({ ok: true, notes: [] });
    const screen = await proxy(ada, 'screen', '/notes');
    expect(JSON.stringify(screen.json())).toContain('Buy a lab coat');
    expect(validateScreen(screen.json())).toMatchObject({ unknownWidgets: [], unknownActions: [] });

    expect((await proxy(ada, 'api', `/api/notes/${note.id}`, 'DELETE')).json()).toEqual({ ok: true });
    expect((await proxy(ada, 'api', '/api/notes')).json()).toEqual({ ok: true, notes: [] });
  });

  it('has a screen that loads the notes itself: its networkRequest keeps the answer in state and a list draws it', async () => {
    await proxy(ada, 'api', '/api/notes', 'POST', { text: 'Read chapter 3' });
    const recent = await proxy(ada, 'screen', '/recent');
    expect(recent.statusCode).toBe(200);
    const screen = recent.json();
    expect(validateScreen(screen)).toMatchObject({ problems: [], bindingErrors: [] });
    // What the client does on load: call the url, store the answer at resultTo, read the list's itemsFrom.
    const { url, resultTo } = screen.onLoad;
    const answer = (await proxy(ada, 'api', url)).json();
    const target = parseStatePath(resultTo)!;
    const state = { state: { ...screen.state, [target[1] as string]: answer } };
    const list = screen.children.find((child: { type: string }) => child.type === 'list');
    const rows = lookupPath(state, parseSingleBinding(list.itemsFrom) as BindingPath);
    expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ text: 'Read chapter 3' })]));
    expect(list.itemTemplate).toMatchObject({ type: 'listItem', title: `\${item.text}` });
  });

  it('answers JSON errors the proxy passes through: 404 unknown route, 405, 400 and 422', async () => {
    const missing = await proxy(ada, 'screen', '/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ok: false, error: 'not_found' });
    expect((await proxy(ada, 'api', '/api/nothing', 'POST', {})).statusCode).toBe(404);
    expect((await proxy(ada, 'api', '/api/notes', 'PUT', {})).json()).toMatchObject({
      error: 'method_not_allowed',
    });
    expect((await proxy(ada, 'api', '/api/notes', 'POST', { text: '' })).json()).toMatchObject({
      error: 'bad_note',
    });
    const raw = await t.request({
      method: 'POST',
      url: `/functions/v1/miniapp-proxy/${app.org}/${app.slug}/api/api/notes`,
      headers: { ...ada.auth, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({ ok: false, error: 'bad_request' });
  });

  it('refuses a request that did not come through the proxy with 401 JSON', async () => {
    const res = await directGet(port, '/', { 'x-platform-app-user': 'someone', 'x-platform-timestamp': '1' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, error: 'missing_signature' });
  });
});

/** Runs the example as its README says: `npm start` in the folder, here with https and the platform's secret. */
async function startExample(port: number, secret: string): Promise<ChildProcess> {
  const certs = testCertificates();
  const dir = mkdtempSync(join(tmpdir(), 'miniapps-origin-tls-'));
  writeFileSync(join(dir, 'cert.pem'), certs.cert);
  writeFileSync(join(dir, 'key.pem'), certs.key);
  const child = spawn(tsx, ['--conditions=source', 'src/main.ts'], {
    cwd: exampleDir,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      MINIAPP_SECRET: secret,
      TLS_CERT_FILE: join(dir, 'cert.pem'),
      TLS_KEY_FILE: join(dir, 'key.pem'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('example origin on https://')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => reject(new Error(`origin exited with ${code}: ${output}`)));
  });
  return child;
}

function directGet(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        servername: 'origin.test',
        port,
        path,
        headers,
        ca: readFileSync(testCertificates().caFile),
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
