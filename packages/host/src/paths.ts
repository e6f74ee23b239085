// App references and the proxy's addresses (the API's own come from @miniapps/contract's endpoint table).
import { HostError } from './errors.js';
import type { AppRef } from './types.js';

const part = encodeURIComponent;

/** `{org, slug}` of an app reference; `"org/slug"` is split at its one slash. */
export function appOf(ref: AppRef): { org: string; slug: string } {
  if (typeof ref !== 'string') return { org: ref.org, slug: ref.slug };
  const [org, slug, ...rest] = ref.split('/');
  if (!org || !slug || rest.length > 0) {
    throw new HostError('bad_argument', `An app is named "org/slug", not "${ref}".`);
  }
  return { org, slug };
}

/** The proxy route of an app (`screen`, `api`, `storage` or `strings`), with the app path appended as it is. */
export function proxyPath(ref: AppRef, kind: 'screen' | 'api' | 'storage' | 'strings', path: string): string {
  const { org, slug } = appOf(ref);
  return `/functions/v1/miniapp-proxy/${part(org)}/${part(slug)}/${kind}${path}`;
}
