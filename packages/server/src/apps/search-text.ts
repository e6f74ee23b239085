// The case-folded text the catalog searches and sorts by, computed in JS so both dialects compare alike.

/**
 * Folds text for a case-insensitive match in any script: SQLite's LOWER and LIKE fold ASCII only, and
 * PostgreSQL's depend on its collation, so the platform stores folded text and folds the query the same way.
 * Beyond lower case: compatibility forms unified (NFKC), final sigma as sigma, ß as ss, and ё as е
 * (Russian text is written both ways).
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/ς/g, 'σ').replace(/ß/g, 'ss').replace(/ё/g, 'е');
}

/** What a catalog entry is found by: its name and description as users see them. */
export function catalogSearchText(name: string, description: string | null): string {
  // A line break between the two, so a query never matches across the name's end into the description.
  return `${foldForSearch(name)}\n${foldForSearch(description ?? '')}`;
}

/** The catalog's sort key: the folded name, compared by code point on both dialects. */
export function catalogSortName(name: string): string {
  return foldForSearch(name);
}
