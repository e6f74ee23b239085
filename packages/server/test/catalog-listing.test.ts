// Store listing (icon, description, category) set by developers and moderated; the catalog searched in any
// script and paged with a cursor, on every dialect.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Developer, hostedSuite } from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import type { SignedIn, TestPlatform } from './helpers/platform.js';

interface Entry {
  organizationId: string;
  slug: string;
  name: string;
  icon: string | null;
  description: string | null;
  category: string | null;
}

describe.each(dialects)('catalog listing and search on %s', (dialect) => {
  const suite = hostedSuite(dialect);
  let t: TestPlatform;
  let dev: Developer;
  let reader: SignedIn;

  /** A remote app with a listing, approved so it is in the catalog. */
  async function listed(slug: string, name: string, listing: Record<string, unknown> = {}) {
    const res = await t.request({
      method: 'POST',
      url: `/api/v1/orgs/${dev.org}/apps`,
      headers: dev.who.auth,
      payload: { slug, name, sourceKind: 'remote', origin: `https://${slug}.example.org`, ...listing },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await suite.decide(slug, 'approve')).statusCode).toBe(200);
  }

  async function catalog(query: string) {
    return t.request({ method: 'GET', url: `/api/v1/catalog${query}`, headers: reader.auth });
  }

  async function slugs(query: string): Promise<string[]> {
    const res = await catalog(query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().apps as Entry[]).filter((a) => a.organizationId === dev.org).map((a) => a.slug);
  }

  function patch(slug: string, payload: Record<string, unknown>) {
    return t.request({
      method: 'PATCH',
      url: `/api/v1/orgs/${dev.org}/apps/${slug}`,
      headers: dev.who.auth,
      payload,
    });
  }

  beforeAll(async () => {
    ({ t, dev } = suite);
    reader = await t.login('reader@uni.example');
    await listed('timetable', 'РАСПИСАНИЕ', {
      icon: 'https://cdn.example.org/timetable.png',
      description: 'Приложение для студентов: пары, аудитории и звонки',
      category: 'schedule',
    });
    await listed('canteen', 'Canteen menu', { description: 'Lunch of the day, prices', category: 'food' });
    await listed('tree', 'Ёлка на площади', { category: 'events' });
    await listed('greek', 'ΟΔΟΣ', { description: 'Δρόμος', category: 'transport' });
    await listed('percent', '100% discount', { description: 'under_score', category: 'finance' });
  });

  it('creates an app with its listing; the app view shows head and approved copies', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/${dev.org}/apps/timetable`,
      headers: dev.who.auth,
    });
    expect(res.json().app).toMatchObject({
      icon: 'https://cdn.example.org/timetable.png',
      category: 'schedule',
      live: { icon: 'https://cdn.example.org/timetable.png', category: 'schedule' },
    });
    const entry = (await catalog('?q=timetable-none')).json();
    expect(entry.apps).toEqual([]);
  });

  it('refuses a non-https icon, a description over 200 characters and an unknown category', async () => {
    for (const [payload, field] of [
      [{ icon: 'http://cdn.example.org/a.png' }, 'icon'],
      [{ icon: 'javascript:alert(1)' }, 'icon'],
      [{ icon: 'https://user:pw@cdn.example.org/a.png' }, 'icon'],
      [{ icon: '/relative.png' }, 'icon'],
      [{ description: 'x'.repeat(201) }, 'description'],
      [{ category: 'games' }, 'category'],
    ] as const) {
      const res = await patch('canteen', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toMatchObject({ ok: false, error: 'validation_failed', details: { field } });
    }
    // 200 characters in code points: an emoji counts once.
    const emoji = await patch('canteen', { description: '🍲'.repeat(200) });
    expect(emoji.statusCode).toBe(200);
    expect((await patch('canteen', { category: 'Food' })).statusCode).toBe(422);
    // An icon address of 2048 characters is taken; one more is refused.
    const icon = (length: number) => `https://cdn.example.org/${'a'.repeat(length - 24)}`;
    expect(icon(2048)).toHaveLength(2048);
    const longest = await patch('canteen', { icon: icon(2048) });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(longest.json().app.icon).toBe(icon(2048));
    expect((await patch('canteen', { icon: icon(2049) })).statusCode).toBe(400);
  });

  it('sends a listing change of an approved app back to review, keeping the approved listing in the catalog', async () => {
    const res = await patch('tree', {
      description: 'Новогодняя ёлка',
      icon: 'https://cdn.example.org/tree.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().app).toMatchObject({
      status: 'pending_review',
      live: { description: null, icon: null },
    });
    const queue = await t.request({
      method: 'GET',
      url: '/api/v1/moderation/queue',
      headers: suite.moderator.auth,
    });
    const waiting = queue.json().queue.find((e: { slug: string }) => e.slug === 'tree');
    expect(waiting.changes).toMatchObject({
      description: { from: null, to: 'Новогодняя ёлка' },
      icon: { from: null, to: 'https://cdn.example.org/tree.png' },
      category: null,
      name: null,
    });
    // Not findable by the description under review, and shown with the approved listing.
    expect(await slugs('?q=новогодняя')).toEqual([]);
    const shown = (await catalog('?q=ёлка')).json().apps as Entry[];
    expect(shown.map((a) => [a.slug, a.description, a.icon])).toEqual([['tree', null, null]]);
    await suite.decide('tree', 'approve');
    expect(await slugs('?q=НОВОГОДНЯЯ')).toEqual(['tree']);
    const after = (await catalog('?q=ёлка')).json().apps as Entry[];
    expect(after[0]).toMatchObject({
      description: 'Новогодняя ёлка',
      icon: 'https://cdn.example.org/tree.png',
    });
    // null clears a field (again a change for review).
    expect((await patch('tree', { icon: null })).json().app).toMatchObject({
      icon: null,
      status: 'pending_review',
    });
    await suite.decide('tree', 'approve');
  });

  it('searches names and descriptions in any case and script', async () => {
    expect(await slugs('?q=расписание')).toEqual(['timetable']);
    expect(await slugs('?q=ПРИЛОЖЕНИЕ')).toEqual(['timetable']);
    expect(await slugs(`?q=${encodeURIComponent('  ЗВОНКИ   пары ')}`)).toEqual(['timetable']);
    expect(await slugs('?q=пары%20lunch')).toEqual([]);
    expect(await slugs('?q=LUNCH')).toEqual(['canteen']);
    // ё and е are one letter to the search; a final sigma is a sigma.
    expect(await slugs('?q=елка')).toEqual(['tree']);
    expect(await slugs('?q=οδοσ')).toEqual(['greek']);
    expect(await slugs('?q=ΔΡΌΜΟΣ')).toEqual(['greek']);
    // LIKE's own characters are plain text.
    expect(await slugs('?q=%25')).toEqual(['percent']);
    expect(await slugs('?q=unde_')).toEqual([]);
    expect(await slugs('?q=under_')).toEqual(['percent']);
    // The name does not run on into the description.
    expect(await slugs(`?q=${encodeURIComponent('menu lunch')}`)).toEqual(['canteen']);
    expect(await slugs('?q=menulunch')).toEqual([]);
  });

  it('filters by category, alone and with a query', async () => {
    expect(await slugs('?category=food')).toEqual(['canteen']);
    expect(await slugs('?category=food&q=расписание')).toEqual([]);
    expect(await slugs('?category=schedule&q=расписание')).toEqual(['timetable']);
    const bad = await catalog('?category=games');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('bad_request');
  });

  it('pages by name then id with an opaque cursor, the last page without one', async () => {
    const all = await catalog('');
    expect(all.json().nextCursor).toBeNull();
    const everything = (all.json().apps as Entry[]).map((a) => `${a.organizationId}/${a.slug}`);
    const mine = (all.json().apps as Entry[]).filter((a) => a.organizationId === dev.org);
    // Sorted by name regardless of case and script (code point order of the folded name).
    expect(mine.map((a) => a.name)).toEqual([
      '100% discount',
      'Canteen menu',
      'ΟΔΟΣ',
      'Ёлка на площади',
      'РАСПИСАНИЕ',
    ]);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await catalog(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { apps: Entry[]; nextCursor: string | null };
      expect(body.apps.length).toBeLessThanOrEqual(2);
      seen.push(...body.apps.map((a) => `${a.organizationId}/${a.slug}`));
      cursor = body.nextCursor;
      if (cursor !== null) expect(cursor).toMatch(/^[\w-]+$/);
      pages++;
    } while (cursor !== null && pages < 20);
    expect(seen).toEqual(everything);
    expect(pages).toBe(Math.ceil(everything.length / 2));

    // A page exactly full at the end says there is no more.
    const exact = await catalog(`?limit=${everything.length}`);
    expect(exact.json().apps).toHaveLength(everything.length);
    expect(exact.json().nextCursor).toBeNull();
    const one = await catalog('?q=расписание&limit=1');
    expect(one.json()).toMatchObject({ apps: [{ slug: 'timetable' }], nextCursor: null });
  });

  it('reads a query of at most 200 characters and 8 words, and pages of at most 100', async () => {
    const padded = (text: string, length: number) => encodeURIComponent(text.padEnd(length, ' '));
    expect(await slugs(`?q=${padded('приложение', 200)}`)).toEqual(['timetable']);
    const tooLong = await catalog(`?q=${padded('приложение', 201)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe('bad_request');
    // The eighth word still counts; a ninth is ignored.
    const words = (count: number) => encodeURIComponent(Array(count).fill('пары').join(' '));
    expect(await slugs(`?q=${words(7)}%20lunch`)).toEqual([]);
    expect(await slugs(`?q=${words(8)}%20lunch`)).toEqual(['timetable']);
    expect((await catalog('?limit=100')).statusCode).toBe(200);
  });

  it('answers 400 bad_request for a bad cursor or limit', async () => {
    for (const query of [
      '?cursor=nope!',
      '?cursor=bm9wZQ',
      `?cursor=${Buffer.from('[1,2]').toString('base64url')}`,
      '?limit=0',
      '?limit=101',
      '?limit=x',
    ]) {
      const res = await catalog(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBe('bad_request');
    }
  });
});
