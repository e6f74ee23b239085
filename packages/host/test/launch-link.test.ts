// Launch links: made and read back, any base, and links that are not an app's are refused.
import { describe, expect, it } from 'vitest';
import { createHost, launchLink, parseLaunchLink } from '../src/index.js';

describe('launch links', () => {
  it('round-trips an app, a page with a query and a start parameter', () => {
    const link = launchLink({
      org: 'acme',
      slug: 'timetable',
      page: '/exams/42?tab=room',
      startParam: 'ref_7-a',
    });
    expect(link).toBe('miniapps://open/acme/timetable?page=%2Fexams%2F42%3Ftab%3Droom&startapp=ref_7-a');
    expect(parseLaunchLink(link)).toEqual({
      org: 'acme',
      slug: 'timetable',
      page: '/exams/42?tab=room',
      startParam: 'ref_7-a',
    });
    expect(launchLink({ org: 'acme', slug: 'timetable' })).toBe('miniapps://open/acme/timetable');
  });

  it('reads the web client and push links, whatever the base', () => {
    expect(parseLaunchLink('https://uni.example/apps/acme/canteen?page=/menu')).toEqual({
      org: 'acme',
      slug: 'canteen',
      page: '/menu',
    });
    const host = createHost({ baseUrl: 'https://uni.example', linkBase: 'https://uni.example/apps' });
    expect(host.launchLink({ org: 'acme', slug: 'canteen' })).toBe('https://uni.example/apps/acme/canteen');
    expect(host.parseLaunchLink('https://evil.example/apps/acme/canteen')).toBeNull();
  });

  it('leaves out a page that escapes the app, and refuses what is not an app link', () => {
    expect(parseLaunchLink('miniapps://open/acme/canteen?page=/../admin')).toEqual({
      org: 'acme',
      slug: 'canteen',
    });
    expect(parseLaunchLink('miniapps://open/acme/canteen?page=https://evil.example')).toEqual({
      org: 'acme',
      slug: 'canteen',
    });
    expect(parseLaunchLink('miniapps://open/canteen')).toBeNull();
    expect(parseLaunchLink('miniapps://open/Acme/Canteen')).toBeNull();
    expect(parseLaunchLink('not a link')).toBeNull();
    expect(() => launchLink({ org: 'acme', slug: 'canteen', page: 'menu' })).toThrow(/not a page/);
    expect(() => launchLink({ org: 'acme', slug: 'canteen', startParam: 'a b' })).toThrow(/start parameter/);
    // The proxy's limit: 64 characters pass, 65 would be refused there, so they are refused here.
    expect(launchLink({ org: 'acme', slug: 'canteen', startParam: 'x'.repeat(64) })).toContain(
      'x'.repeat(64),
    );
    expect(() => launchLink({ org: 'acme', slug: 'canteen', startParam: 'x'.repeat(65) })).toThrow(
      /start parameter/,
    );
    expect(() => launchLink({ org: 'a/b', slug: 'canteen' })).toThrow(/not an app/);
  });
});
