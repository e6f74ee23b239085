// Slug rules for organization ids and app slugs: 2–63 lowercase letters, digits and hyphens.

/** No leading or trailing hyphen, so a slug is also a valid DNS label and a clean path segment. */
const SLUG = /^[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;

export function isSlug(value: string): boolean {
  return SLUG.test(value);
}
