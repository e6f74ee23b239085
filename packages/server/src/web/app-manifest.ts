// A mini-app's own web app manifest (`/apps/{org}/{slug}/manifest.webmanifest?name=…`): the client's manifest with
// the app's address as id, start and scope, so a browser pins the app to the home screen as an app of its own.
import { readFileSync, statSync } from 'node:fs';
import { SLUG_PATTERN } from '@miniapps/contract';
import { CreateAppBody } from '@miniapps/contract/api';

const APP_MANIFEST = /^\/apps\/([^/]+)\/([^/]+)\/manifest\.webmanifest$/;
/** An app's name is at most this long when it is created (the contract's CreateAppBody). */
const MAX_NAME = (CreateAppBody.properties.name as { maxLength?: number }).maxLength ?? 100;

export interface AppManifests {
  /** Whether `path` is an app's manifest address (whether or not it can be answered). */
  matches(path: string): boolean;
  /** The manifest for `path`, or undefined for a bad org or slug, or while the client is not built. */
  read(path: string, name: unknown): string | undefined;
}

/**
 * `base` is the build's manifest. The name comes from the page (the catalog entry it shows), not the database: the
 * answer says nothing about the platform's apps, so it needs no sign-in (browsers fetch manifests without one).
 */
export function appManifests(base: string): AppManifests {
  let cached: { mtimeMs: number; manifest: Record<string, unknown> } | undefined;
  return {
    matches: (path) => APP_MANIFEST.test(path),
    read(path, name) {
      const [, org, slug] = APP_MANIFEST.exec(path) ?? [];
      if (!org || !slug || !SLUG_PATTERN.test(org) || !SLUG_PATTERN.test(slug)) return undefined;
      const stat = statSync(base, { throwIfNoEntry: false });
      if (!stat) return undefined;
      if (cached?.mtimeMs !== stat.mtimeMs) {
        cached = { mtimeMs: stat.mtimeMs, manifest: JSON.parse(readFileSync(base, 'utf8')) };
      }
      const title = typeof name === 'string' && name.trim() && name.length <= MAX_NAME ? name.trim() : slug;
      const address = `/apps/${org}/${slug}`;
      // The client's icons and colours; its shortcuts are the client's, not the app's.
      const { shortcuts: _shortcuts, description: _description, ...shared } = cached.manifest;
      return JSON.stringify({
        ...shared,
        id: address,
        name: title,
        short_name: title,
        start_url: address,
        scope: address,
      });
    },
  };
}
