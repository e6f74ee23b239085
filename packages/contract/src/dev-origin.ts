// The reserved local name of a remote app under `miniapps dev --origin`, shared by the server and the CLI.

/** `.test` is reserved (RFC 2606): no real host has a name under it, so a pin there shadows nobody. */
export const DEV_ORIGIN_SUFFIX = 'dev.test';

/** A remote app's reserved local name: org ids and slugs are DNS labels already. */
export function devOriginName(org: string, slug: string): string {
  return `${slug}.${org}.${DEV_ORIGIN_SUFFIX}`;
}
