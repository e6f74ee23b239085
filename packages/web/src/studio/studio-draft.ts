// Unsaved studio edits kept in this browser per user and app, so a reload or a crash loses nothing typed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { contentSnapshot, newTextId, type StudioContent } from './studio-content.js';

/** A kept draft older than this is dropped when read: edits left for two weeks are not worth a surprise. */
export const DRAFT_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
/** The draft is written this long after the last keystroke. */
export const DRAFT_DELAY_MS = 400;

const PREFIX = 'miniapps.studio-draft.v1';

/** One user's draft of one app: another user of the browser reads another key. */
export const draftKey = (userId: string, org: string, slug: string) =>
  `${PREFIX}:${encodeURIComponent(userId)}:${encodeURIComponent(org)}:${encodeURIComponent(slug)}`;

/** The draft as stored: the texts, the version they were edited from, and when they were kept. */
export interface KeptDraft {
  baseVersion: number;
  keptAt: number;
  screens: { path: string; title?: string; text: string }[];
  data: { name: string; text: string }[];
  strings: string;
}

/** The page's localStorage, or none where the browser refuses it (a sandbox, a privacy setting). */
export function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A stored value that is a draft this code wrote; anything else (another version of the code, a hand edit) is not. */
function asDraft(value: unknown): KeptDraft | undefined {
  if (!isObject(value)) return undefined;
  const { baseVersion, keptAt, screens, data, strings } = value;
  const wellFormed =
    Number.isInteger(baseVersion) &&
    typeof keptAt === 'number' &&
    isString(strings) &&
    Array.isArray(screens) &&
    screens.every(
      (s) =>
        isObject(s) && isString(s.path) && isString(s.text) && (s.title === undefined || isString(s.title)),
    ) &&
    Array.isArray(data) &&
    data.every((d) => isObject(d) && isString(d.name) && isString(d.text));
  return wellFormed ? (value as unknown as KeptDraft) : undefined;
}

/** The kept draft under `key`, if one is there and not expired; an expired or unreadable one is removed. */
export function readDraft(storage: Storage | undefined, key: string, now: number): KeptDraft | undefined {
  try {
    const stored = storage?.getItem(key);
    if (stored === null || stored === undefined) return undefined;
    const draft = asDraft(JSON.parse(stored));
    if (draft && now - draft.keptAt <= DRAFT_LIFETIME_MS) return draft;
    storage?.removeItem(key);
  } catch {
    // Unreadable storage or text: as if nothing were kept.
  }
  return undefined;
}

/** Keeps the draft; false when the storage is missing or full, so the studio can say nothing is kept. */
export function keepDraft(storage: Storage | undefined, key: string, draft: KeptDraft): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function dropDraft(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing can be kept there either.
  }
}

export function draftOf(content: StudioContent, baseVersion: number, keptAt: number): KeptDraft {
  return {
    baseVersion,
    keptAt,
    screens: content.screens.map(({ path, title, text }) => ({
      path,
      ...(title !== undefined && { title }),
      text,
    })),
    data: content.data.map(({ name, text }) => ({ name, text })),
    strings: content.strings,
  };
}

export function contentOf(draft: KeptDraft): StudioContent {
  return {
    screens: draft.screens.map((s) => ({ id: newTextId(), ...s })),
    data: draft.data.map((d) => ({ id: newTextId(), ...d })),
    strings: draft.strings,
  };
}

/**
 * The draft to restore over the saved content: none when nothing is kept, or when what is kept is the saved content
 * itself (then it is dropped).
 */
export function draftToRestore(
  storage: Storage | undefined,
  key: string,
  saved: { content: StudioContent; version: number },
  now: number,
): KeptDraft | undefined {
  const draft = readDraft(storage, key, now);
  if (!draft) return undefined;
  const same =
    draft.baseVersion === saved.version &&
    contentSnapshot(contentOf(draft)) === contentSnapshot(saved.content);
  if (!same) return draft;
  dropDraft(storage, key);
  return undefined;
}

export interface DraftKeeping {
  /** The last write failed or there is no storage: the edits live only in this page. */
  unkept: boolean;
  /** Forgets the kept draft and any write still waiting (a save went through, the user discarded). */
  drop(): void;
}

/**
 * Writes the content a moment after each change while it differs from the saved one (removes it once it does not),
 * and at once when the page is hidden or the studio closed, so the last keystrokes are not lost to the delay.
 */
export function useDraftKeeping(
  key: string,
  content: StudioContent,
  baseVersion: number,
  dirty: boolean,
): DraftKeeping {
  const storage = useRef(browserStorage()).current;
  const [unkept, setUnkept] = useState(storage === undefined);
  const pending = useRef<KeptDraft | null>(null);

  const flush = useCallback(() => {
    const draft = pending.current;
    if (!draft) return;
    pending.current = null;
    setUnkept(!keepDraft(storage, key, draft));
  }, [storage, key]);

  useEffect(() => {
    if (!dirty) {
      pending.current = null;
      dropDraft(storage, key);
      return;
    }
    pending.current = draftOf(content, baseVersion, Date.now());
    const timer = setTimeout(flush, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [storage, key, content, baseVersion, dirty, flush]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const drop = useCallback(() => {
    pending.current = null;
    dropDraft(storage, key);
  }, [storage, key]);

  return { unkept, drop };
}
