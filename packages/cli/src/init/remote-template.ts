// The files of a new remote app's origin: a node:http server behind the SDK's signature check, its test, a README.
import type { TemplateValues } from './template.js';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
/** The SDK's name, put into the generated files' text: written out there, it reads as an import of this bundle. */
const SDK = '@miniapps/sdk';

export function remoteTemplate({ org, slug }: TemplateValues): Record<string, string> {
  return {
    'miniapp.json': json({ organizationId: org, slug }),
    'package.json': json({
      name: slug,
      private: true,
      type: 'module',
      scripts: { start: 'node src/main.mjs', test: 'node --test test/' },
      dependencies: { [SDK]: '^0.1.0' },
    }),
    'src/origin.mjs': `// The origin's answers: every request is checked against the app's signing secret before it is served.
import { withMiniapp } from '${SDK}/node';

/** Screens by path; the proxy asks \`/<path>\` for a screen and \`/api/<path>\` for an API call. */
function answer(path, user) {
  if (path === '/') {
    return {
      type: 'screen',
      title: 'Home',
      children: [
        { type: 'text', style: 'title', text: \`Hello, \${user.name ?? 'there'}\` },
        { type: 'text', text: 'Served by your origin, signed by the platform.' },
      ],
    };
  }
  if (path === '/api/hello') return { ok: true, hello: user.appUserId };
  return undefined;
}

/** A node:http request listener; \`previousSecret\` keeps requests signed before a rotation working. */
export function createOrigin({ secret, previousSecret }) {
  return withMiniapp({ secret, previousSecret }, (req, res, user) => {
    const body = answer(new URL(req.url ?? '/', 'http://origin').pathname, user);
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { ok: false, error: 'not_found' }));
  });
}
`,
    'src/main.mjs': `// Starts the origin: https with TLS_CERT_FILE and TLS_KEY_FILE (the platform calls https only), else http behind
// a TLS-terminating proxy.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createOrigin } from './origin.mjs';

const secret = process.env.MINIAPP_SECRET;
if (!secret) {
  console.error("Set MINIAPP_SECRET: the app's signing secret, shown once when made (miniapps apps secret, or the console).");
  process.exit(1);
}
const handler = createOrigin({ secret, previousSecret: process.env.MINIAPP_PREVIOUS_SECRET });
const tls = process.env.TLS_CERT_FILE && process.env.TLS_KEY_FILE;
const server = tls
  ? https.createServer(
      { cert: readFileSync(process.env.TLS_CERT_FILE), key: readFileSync(process.env.TLS_KEY_FILE) },
      handler,
    )
  : http.createServer(handler);
const port = Number(process.env.PORT ?? 8443);
server.listen(port, () => console.log(\`${slug} origin on \${tls ? 'https' : 'http'}://localhost:\${port}\`));
`,
    'test/origin.test.mjs': `// The origin refuses unsigned requests and serves signed ones, as the platform's proxy signs them.
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import { HEADERS, signAppUser } from '${SDK}';
import { createOrigin } from '../src/origin.mjs';

const secret = 'test-secret-of-at-least-32-characters!!';

async function withOrigin(run) {
  const server = http.createServer(createOrigin({ secret }));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await run(\`http://127.0.0.1:\${server.address().port}\`);
  } finally {
    server.close();
  }
}

function signed(appUser) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    [HEADERS.appUser]: appUser,
    [HEADERS.timestamp]: timestamp,
    [HEADERS.signature]: signAppUser(secret, appUser, timestamp),
  };
}

test('an unsigned request is refused with 401', () =>
  withOrigin(async (url) => {
    const res = await fetch(\`\${url}/\`);
    assert.equal(res.status, 401);
  }));

test('a request with a wrong signature is refused with 401', () =>
  withOrigin(async (url) => {
    const headers = { ...signed('user-1'), [HEADERS.signature]: '0'.repeat(64) };
    assert.equal((await fetch(\`\${url}/\`, { headers })).status, 401);
  }));

test('a signed request gets the start screen and the API', () =>
  withOrigin(async (url) => {
    const screen = await fetch(\`\${url}/\`, { headers: signed('user-1') });
    assert.equal(screen.status, 200);
    assert.equal((await screen.json()).type, 'screen');
    const api = await fetch(\`\${url}/api/hello\`, { headers: signed('user-1') });
    assert.deepEqual(await api.json(), { ok: true, hello: 'user-1' });
  }));
`,
    'README.md': `# ${slug}

The origin of the remote mini-app \`${org}/${slug}\`: a node:http server (\`src/origin.mjs\`) that answers only
requests signed by the platform, checked by \`@miniapps/sdk\`'s \`withMiniapp\`. The platform's proxy asks it for
screens (\`/<path>\`) and API calls (\`/api/<path>\`) over https.

\`\`\`sh
npm install
npm test                                   # unsigned and forged requests refused, signed ones served
npx miniapps apps create ${slug} --org ${org} --origin https://<your-host>   # goes to review
export MINIAPP_SECRET=$(npx miniapps apps secret ${slug} --org ${org})   # shown once: keep it
TLS_CERT_FILE=cert.pem TLS_KEY_FILE=key.pem npm start
npx miniapps apps status                   # published once a moderator approves it
\`\`\`

\`MINIAPP_SECRET\` is the app's signing secret (\`miniapps apps secret\`, the console, or
\`POST /api/v1/orgs/${org}/apps/${slug}/signing-secret\`); to try the origin on this machine behind a development
platform: \`npx miniapps dev --origin "npm start" --org ${org} --slug ${slug}\`;
during a rotation set \`MINIAPP_PREVIOUS_SECRET\` too. The screens change here without review; a change of the
app's origin or details goes back to review (\`miniapps apps submit ${slug} --origin …\`).
`,
  };
}
