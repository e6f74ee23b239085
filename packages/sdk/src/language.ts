// Picks the language to answer in from an Accept-Language header (RFC 4647 lookup with q-values).

interface Range {
  tag: string;
  q: number;
  order: number;
}

/**
 * The ranges of an Accept-Language header, best first (equal q keep the header's order), and the tags it
 * refuses with q=0 (dropped from the ranges).
 */
function parseRanges(header: string): { ranges: Range[]; refused: Set<string> } {
  const ranges: Range[] = [];
  const refused = new Set<string>();
  header.split(',').forEach((part, order) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim().toLowerCase() ?? '';
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split('=');
      if (name?.trim().toLowerCase() !== 'q') continue;
      const parsed = Number(value?.trim());
      // A malformed q makes the range unusable rather than guessed at.
      q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value?.trim() ?? '') ? parsed : -1;
      if (q === 0) refused.add(tag);
    }
    if (tag === '' || !/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(tag)) return;
    if (q > 0) ranges.push({ tag, q, order });
  });
  return { ranges: ranges.sort((a, b) => b.q - a.q || a.order - b.order), refused };
}

/** The supported tag a range matches: exact first, then by truncating the range (`ru-RU` → `ru`), then a supported tag under it (`en` → `en-GB`). */
function matchRange(range: string, supported: readonly string[]): string | undefined {
  const lower = supported.map((tag) => tag.toLowerCase());
  let candidate = range;
  for (;;) {
    const index = lower.indexOf(candidate);
    if (index >= 0) return supported[index];
    const cut = candidate.lastIndexOf('-');
    if (cut < 0) break;
    candidate = candidate.slice(0, cut);
  }
  const under = lower.findIndex((tag) => tag.startsWith(`${range}-`));
  return under >= 0 ? supported[under] : undefined;
}

/**
 * The language of `supported` that best fits an `Accept-Language` header: ranges are tried by q-value
 * (q=0 means "not this one"), each matching exactly, then by its primary tag; `*` takes the fallback.
 * Without a match, or without a header, the fallback (default: the first supported language).
 *
 * @example
 * pickLanguage('ru-RU,ru;q=0.9,en;q=0.8', ['en', 'ru']); // 'ru'
 * pickLanguage('de-DE,de;q=0.9', ['en', 'ru']); // 'en'
 * pickLanguage(request.headers['accept-language'], ['en', 'ru'], 'ru');
 */
export function pickLanguage<T extends string>(
  acceptLanguage: string | null | undefined,
  supported: readonly T[],
  fallback?: T,
): T {
  const fallbackTag = fallback ?? supported[0];
  if (fallbackTag === undefined) throw new TypeError('pickLanguage needs at least one supported language');
  if (!acceptLanguage) return fallbackTag;
  const { ranges, refused } = parseRanges(acceptLanguage);
  for (const range of ranges) {
    if (range.tag === '*') {
      const open = supported.find((tag) => !refused.has(tag.toLowerCase()));
      return fallback !== undefined && !refused.has(fallback.toLowerCase())
        ? fallback
        : (open ?? fallbackTag);
    }
    const match = matchRange(range.tag, supported);
    if (match !== undefined && !refused.has(match.toLowerCase())) return match as T;
  }
  return fallbackTag;
}
