// The example origin: routes every path and method the contract asks, verifies the proxy's signature with the
// SDK, and answers JSON for everything, errors included (404 for an unknown route, as the contract asks).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Identity } from '@miniapps/sdk';
import { type NodeMiddlewareOptions, withMiniapp } from '@miniapps/sdk/node';
import { MAX_NOTE_LENGTH, NotesStore } from './notes-store.js';
import { aboutScreen, homeScreen, notesScreen, recentScreen } from './screens.js';

export interface OriginOptions extends NodeMiddlewareOptions {
  store?: NotesStore;
}

type Answer = { status: number; body: unknown };

const MAX_BODY = 16 * 1024; // 16 KB: a note is at most 500 characters

/** The request handler of the origin, for node:http or node:https. */
export function createOrigin(options: OriginOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const store = options.store ?? new NotesStore();
  const clock = () =>
    new Date(typeof options.now === 'function' ? options.now() : (options.now ?? Date.now()));

  async function route(req: IncomingMessage, user: Identity): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'https://origin.invalid');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (method === 'GET' && path === '/') return ok(homeScreen(user, store.list(user.appUserId).length));
    if (method === 'GET' && path === '/notes') return ok(notesScreen(store.list(user.appUserId)));
    if (method === 'GET' && path === '/about') return ok(aboutScreen());
    if (method === 'GET' && path === '/recent') return ok(recentScreen());
    if (path === '/api/notes') {
      if (method === 'GET') return ok({ ok: true, notes: store.list(user.appUserId) });
      if (method === 'POST') {
        const body = await readJson(req);
        const note =
          typeof body === 'object' && body !== null ? (body as { text?: unknown }).text : undefined;
        if (typeof note !== 'string' || note.trim() === '' || note.length > MAX_NOTE_LENGTH) {
          return fail(422, 'bad_note', `A note is a "text" of 1 to ${MAX_NOTE_LENGTH} characters.`);
        }
        const added = store.add(user.appUserId, note.trim(), clock());
        if (added === 'full') return fail(422, 'too_many_notes', 'Delete a note first.');
        return { status: 201, body: { ok: true, note: added } };
      }
      return fail(405, 'method_not_allowed', `${method} is not allowed on /api/notes.`);
    }
    const one = /^\/api\/notes\/([A-Za-z0-9]+)$/.exec(path);
    if (one && method === 'DELETE') {
      return store.remove(user.appUserId, one[1]!)
        ? ok({ ok: true })
        : fail(404, 'not_found', `No note ${one[1]}.`);
    }
    return fail(404, 'not_found', `No screen or route ${method} ${path}.`);
  }

  return withMiniapp(options, async (req, res, user) => {
    let answer: Answer;
    try {
      answer = await route(req, user);
    } catch (error) {
      if (!(error instanceof BadBody)) throw error;
      answer = fail(400, 'bad_request', error.message);
    }
    const text = JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  });
}

class BadBody extends Error {}

const ok = (body: unknown): Answer => ({ status: 200, body });
const fail = (status: number, error: string, message: string): Answer => ({
  status,
  body: { ok: false, error, message },
});

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new BadBody(`The body is over ${MAX_BODY} bytes.`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
  } catch {
    throw new BadBody('The body is not JSON.');
  }
}
