// The rules of a profile's identity values (e-mail, course number, full name, group), applied at intake and on the way out.
import { domainToASCII } from 'node:url';
import { MAX_EMAIL } from '@miniapps/contract';

/** RFC 5321: 64 characters before the `@` (254 in all: the contract's MAX_EMAIL). */
const MAX_LOCAL_PART = 64;
/** Course numbers a university uses: bachelor's, specialist's, master's and doctoral years. */
export const MAX_COURSE = 10;

// The dot-atom of RFC 5322 (no quoted local parts: no provider issues them, and they could not be a header).
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The e-mail as stored (lowercase ASCII, an internationalized domain in its punycode form), or undefined
 * when the value is not an address. Being ASCII without spaces, a valid e-mail is always a valid header value.
 */
export function emailOf(value: unknown): string | undefined {
  // URL host parsing (domainToASCII) would quietly drop tabs and line breaks: refuse them first.
  if (typeof value !== 'string' || value.length > MAX_EMAIL * 4 || /[\s\p{Cc}]/u.test(value))
    return undefined;
  const at = value.lastIndexOf('@');
  if (at <= 0) return undefined;
  const local = value.slice(0, at);
  const domain = domainToASCII(value.slice(at + 1).toLowerCase());
  if (local.length > MAX_LOCAL_PART || !LOCAL_PART.test(local) || !DOMAIN.test(domain)) return undefined;
  const email = `${local.toLowerCase()}@${domain}`;
  return email.length <= MAX_EMAIL ? email : undefined;
}

/**
 * The contract's course number as text ("3"), from a number or from the first number in a text:
 * "3 курс", "3rd year" and "Курс 3" are all 3. Undefined when there is none or it is not a course (0, 2024).
 */
export function courseNumberOf(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const digits = /\d+/.exec(text.slice(0, 100))?.[0];
  if (digits === undefined) return undefined;
  const course = Number(digits);
  return course >= 1 && course <= MAX_COURSE ? String(course) : undefined;
}

// C0, DEL and C1 controls, line and paragraph separators, and the bidi embedding, override and isolate
// controls (they reorder what a reader sees). Joiners stay: Persian names need U+200C.
const CONTROLS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A name or group as stored: NFC, control characters removed, runs of spaces made one, trimmed, cut to
 * `max` code points; undefined when nothing is left.
 */
export function cleanText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  // Line breaks and tabs become spaces ("Ivan\r\nPetrov" is two words), other controls go.
  const clean = value
    .slice(0, max * 4)
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(CONTROLS, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (clean === '') return undefined;
  const points = [...clean];
  return points.length > max ? points.slice(0, max).join('').trimEnd() : clean;
}
