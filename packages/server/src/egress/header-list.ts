// Headers as a flat `[name, value, name, value, …]` list: what undici and node's writeHead read fastest.

/**
 * Read by index: an object costs an `Object.keys` and a lookup by name for each header of each
 * request, on the proxy's hot path (bench/RESULTS.md).
 */
export type HeaderList = readonly string[];

/** A header object as a flat list. */
export function headerList(headers: Readonly<Record<string, string>>): string[] {
  return Object.entries(headers).flat();
}
