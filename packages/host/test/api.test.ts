// host.api: any operation of the contract's table, against a real platform: parameters filled and encoded, query
// left out when empty, the answer as the schema says, a failure the HostError of the envelope.
import { DEFAULT_MAP_LINK } from '@miniapps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostPlatform, startHostPlatform } from './helpers/host-platform.js';

describe('host.api', () => {
  let p: HostPlatform;
  beforeAll(async () => {
    p = await startHostPlatform();
  });
  afterAll(async () => p?.close());

  it('answers an operation without input with its body', async () => {
    const { user } = await p.host.api.request('GET /api/v1/me');
    expect(user.id).toBe(p.user.user.id);
  });

  it('creates, lists and revokes a deploy token by operation (the path parameter filled in)', async () => {
    const created = await p.host.api.request('POST /api/v1/tokens', { body: { name: 'ci' } });
    expect(created).toMatchObject({ ok: true, name: 'ci', token: expect.stringMatching(/^mapp_dt_/) });
    const { tokens } = await p.host.api.request('GET /api/v1/tokens');
    expect(tokens.map((t) => t.id)).toContain(created.id);
    await p.host.api.request('DELETE /api/v1/tokens/:id', { params: { id: created.id } });
    expect((await p.host.api.request('GET /api/v1/tokens')).tokens.map((t) => t.id)).not.toContain(
      created.id,
    );
  });

  it('encodes a parameter, so a slash or a question mark stays inside its segment', async () => {
    const failure = await p.host.api
      .request('DELETE /api/v1/tokens/:id', { params: { id: 'a/b?c' } })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'token_not_found', status: 404 });
    expect(p.host.api.url('DELETE /api/v1/tokens/:id', { params: { id: 'a/b?c' } })).toMatch(
      /\/api\/v1\/tokens\/a%2Fb%3Fc$/,
    );
  });

  it("checkOrigin asks whether the page's origin may call the platform, without the user's token", async () => {
    const sent: Headers[] = [];
    // What a browser page on another origin sends (the test platform's CORS_ORIGINS names none).
    const host = p.hostFor(p.user, {
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('origin', 'https://portal.uni.example');
        sent.push(headers);
        return fetch(input, { ...init, headers });
      },
    });
    expect(await host.checkOrigin()).toEqual({
      ok: true,
      origin: 'https://portal.uni.example',
      allowed: false,
      mapLink: DEFAULT_MAP_LINK,
    });
    expect(sent.map((headers) => headers.get('authorization'))).toEqual([null]);
    // No Origin: the platform's own page, or not a browser.
    expect(await p.host.checkOrigin()).toEqual({
      ok: true,
      origin: null,
      allowed: true,
      mapLink: DEFAULT_MAP_LINK,
    });
  });

  it('leaves out query parameters that are undefined or empty', () => {
    const url = p.host.api.url('GET /api/v1/catalog', {
      query: { q: 'canteen', category: undefined, cursor: '' },
    });
    expect(new URL(url).search).toBe('?q=canteen');
  });

  it('refuses a call missing a path parameter before anything is sent', async () => {
    const missing = { params: {} } as unknown as { params: { id: string } };
    await expect(p.host.api.request('DELETE /api/v1/tokens/:id', missing)).rejects.toMatchObject({
      code: 'bad_argument',
      message: expect.stringMatching(/"id" is missing/),
    });
  });
});
