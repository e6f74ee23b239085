// The user as the proxy describes them: app-user id, granted scopes and the fields those scopes unlock.
import { HEADERS, type HeaderSource, readHeader } from './headers.js';

/** Scope names of the contract; the platform may add more, so unknown names are kept as they come. */
export type Scope = 'identity' | 'email' | 'profile' | 'group' | 'notifications';

export interface Identity {
  /** Pseudonymous id, stable for this app and different in every other app. Always present. */
  appUserId: string;
  /** Scopes the user granted, in the order sent. */
  scopes: (Scope | (string & {}))[];
  /** Real user UUID (`identity` scope). */
  userId?: string;
  /** University e-mail (`email` scope). */
  email?: string;
  /** Full name, decoded from base64 of UTF-8 (`profile` scope). */
  name?: string;
  /** Course number (`profile` scope). */
  course?: string;
  /** Study group, decoded from base64 of UTF-8 (`group` scope). */
  group?: string;
}

export type IdentityResult = { ok: true; identity: Identity } | { ok: false; header: string };

/** Reads the identity headers; fails (naming the header) when a base64 field does not decode to UTF-8 text. */
export function readIdentity(headers: HeaderSource, appUserId: string): IdentityResult {
  const identity: Identity = {
    appUserId,
    scopes: (readHeader(headers, HEADERS.scopes) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  };
  const userId = readHeader(headers, HEADERS.user);
  if (userId !== undefined) identity.userId = userId;
  const email = readHeader(headers, HEADERS.email);
  if (email !== undefined) identity.email = email;
  const course = readHeader(headers, HEADERS.course);
  if (course !== undefined) identity.course = course;
  for (const [field, header] of [
    ['name', HEADERS.name],
    ['group', HEADERS.group],
  ] as const) {
    const raw = readHeader(headers, header);
    if (raw === undefined) continue;
    const text = decodeBase64Utf8(raw);
    if (text === undefined) return { ok: false, header };
    identity[field] = text;
  }
  return { ok: true, identity };
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Strict: Node's own base64 decoder skips bad characters silently, which would turn garbage into a name. */
export function decodeBase64Utf8(value: string): string | undefined {
  if (!BASE64.test(value)) return undefined;
  try {
    return utf8.decode(Buffer.from(value, 'base64'));
  } catch {
    return undefined;
  }
}
