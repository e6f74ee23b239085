// Slug rules for organization ids and app slugs: 2–63 lowercase letters, digits and hyphens.
import { SLUG_PATTERN } from '@miniapps/contract';

export function isSlug(value: string): boolean {
  return SLUG_PATTERN.test(value);
}
