// The browser tests of the host cache: an app with a live and a newer version to deploy, and what a page kept.
import type { Page } from 'playwright-core';
import type { SignedIn, TestPlatform } from '../../../server/test/helpers/platform.js';
import { hostedApp } from '../../../server/test/helpers/proxy-apps.js';

/** `acme/<slug>`: version 1 live with `screen('Notes v1')`, version 2 with `screen('Notes v2')` waiting. */
export async function versionedApp(
  t: TestPlatform,
  owner: SignedIn,
  slug: string,
  screen: (title: string) => object,
): Promise<void> {
  await hostedApp(t, owner, {
    org: 'acme',
    slug,
    live: [{ path: '/', json: screen('Notes v1') }],
    head: [{ path: '/', json: screen('Notes v2') }],
  });
}

/** Puts version 2 (a deploy approved) or back 1 in use. */
export async function useVersion(t: TestPlatform, slug: string, version: 1 | 2): Promise<void> {
  await t.platform.db.updateTable('apps').set({ liveVersion: version }).where('slug', '=', slug).execute();
}

/** The bodies of every answer the page's host kit keeps in IndexedDB (the store of host/src/indexeddb-store.ts). */
export function keptAnswers(page: Page): Promise<unknown[]> {
  // A script string: this helper is compiled without the DOM types.
  return page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('miniapps-host', 1);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction('answers', 'readonly').objectStore('answers').getAll();
      all.onsuccess = () => resolve(all.result.map((answer) => answer.body));
    };
  })`);
}
