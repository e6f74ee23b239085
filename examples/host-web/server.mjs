// The example portal's backend: serves index.html and gives the page a platform token for its signed-in user.
// A real portal exchanges its own session for the user's platform token here; this one uses the platform's
// development login (POST /api/v1/dev/login), so it works only against a platform in development.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const platform = (process.env.MINIAPPS_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, '');
const app = process.env.MINIAPPS_APP ?? 'demo-university/campus-guide';
const email = process.env.HOST_USER_EMAIL ?? 'student@uni.example';
const port = Number(process.env.PORT ?? 8080);
const page = readFileSync(new URL('./index.html', import.meta.url));

async function platformToken() {
  const res = await fetch(`${platform}/api/v1/dev/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`The platform refused the sign-in: ${body.error ?? res.status}`);
  return body.token;
}

const server = createServer(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://host').pathname;
  if (path === '/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  } else if (path === '/session') {
    try {
      const session = { platform, app, token: await platformToken() };
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(session));
    } catch (error) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
    }
  } else {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }
});

// localhost, not 127.0.0.1: a different origin from a platform on 127.0.0.1, as a real portal's would be.
server.listen(port, '127.0.0.1', () => {
  console.log(`Portal on http://localhost:${server.address().port}/ embedding ${app} from ${platform}`);
});
