// The catalog through the host: published apps only, one entry, and search parameters passed to the platform.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { hostedApp } from '../../server/test/helpers/proxy-apps.js';
import { type HostPlatform, startHostPlatform } from './helpers/host-platform.js';

describe('host.catalog', () => {
  let p: HostPlatform;
  let dev: SignedIn;
  beforeAll(async () => {
    p = await startHostPlatform();
    dev = await p.t.login('dev@uni.example');
    const screen = { path: '/', json: { type: 'screen', children: [] } };
    await hostedApp(p.t, dev, { org: 'acme', slug: 'timetable', live: [screen] });
    await hostedApp(p.t, dev, { org: 'acme', slug: 'drafty', head: [screen] });
  });
  afterAll(async () => p?.close());

  it('lists the published apps, not drafts, with their start path and scopes', async () => {
    const page = await p.host.catalog.list();
    const names = page.apps.map((app) => `${app.organizationId}/${app.slug}`);
    expect(names).toContain('acme/timetable');
    expect(names).toContain('platform/profile-card');
    expect(names).not.toContain('acme/drafty');
    expect(page.apps.find((app) => app.slug === 'timetable')).toMatchObject({ startPath: '/', scopes: [] });
  });

  it('passes q, category and limit to the platform as they are, and leaves out empty ones', async () => {
    const urls: string[] = [];
    const host = p.hostFor(p.user, {
      fetch: (input, init) => {
        urls.push(String(input));
        return fetch(input, init);
      },
    });
    await host.catalog.list({ q: 'расписание exams', category: 'schedule', limit: 5 });
    const sent = new URL(urls[0]!);
    expect(sent.pathname).toBe('/api/v1/catalog');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      q: 'расписание exams',
      category: 'schedule',
      limit: '5',
    });
    await host.catalog.list({ q: '' });
    expect(new URL(urls[1]!).search).toBe('');
  });

  it("pages with the answer's nextCursor, and a bad cursor is the platform's bad_request", async () => {
    const first = await p.host.catalog.list({ limit: 1 });
    expect(first.apps).toHaveLength(1);
    expect(typeof first.nextCursor).toBe('string');
    const second = await p.host.catalog.list({ limit: 1, cursor: first.nextCursor! });
    expect(second.apps).toHaveLength(1);
    expect(second.apps[0]!.slug).not.toBe(first.apps[0]!.slug);
    await expect(p.host.catalog.list({ cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'bad_request',
      status: 400,
    });
  });

  it('gets one entry by "org/slug" or {org, slug}; an unpublished one is not_found', async () => {
    expect((await p.host.catalog.get('acme/timetable')).name).toBe('timetable');
    expect((await p.host.catalog.get({ org: 'acme', slug: 'timetable' })).slug).toBe('timetable');
    await expect(p.host.catalog.get('acme/drafty')).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });
});
