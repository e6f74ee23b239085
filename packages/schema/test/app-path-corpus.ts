// The app-path corpus: addresses a screen may name, hostile and legitimate, shared by every layer's test (validator,
// renderer, host kit, proxy) so that the four agree on each one.

/** Addresses that leave the app's proxy prefix once a URL parser (or a server behind it) reads them. */
export const hostileAppPaths: readonly string[] = [
  // `..` percent-encoded, in every case mix, half encoded either way
  '/%2e%2e/api/v1/tokens',
  '/%2E%2E/api/v1/tokens',
  '/%2E%2e/api/v1/tokens',
  '/%2e%2E/api/v1/tokens',
  '/.%2e/api/v1/tokens',
  '/.%2E/api/v1/tokens',
  '/%2e./api/v1/tokens',
  '/%2E./api/v1/tokens',
  '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/api/v1/tokens',
  '/a/%2e%2e',
  // encoded twice (and three times): a second decoder would see `..`
  '/%252e%252e/api/v1/tokens',
  '/%25252e%25252e/x',
  // a separator hidden inside a segment
  '/..%2fapi',
  '/%2e%2e%2fapi',
  '/a%2f..%2f..%2fx',
  '/..%5capi',
  '/a%5c..%5cb',
  // backslashes, which browsers read as `/`
  '/..\\api',
  '/\\evil.example/x',
  '/a\\..\\..\\x',
  // tabs and newlines, which URL parsers drop (leaving `..`)
  '/.\t./api',
  '/.\n./api',
  '/.\r./api',
  '/.\n.',
  '/%2e\t%2e/api',
  // fullwidth and other dots that NFKC folds into `.`
  '/\uff0e\uff0e/api',
  '/%EF%BC%8E%EF%BC%8E/api',
  '/%ef%bc%8e%ef%bc%8e/api',
  '/\u2025/api',
  // another host
  '//evil.example/x',
  '//evil.example',
  // Tomcat's path parameters
  '/..;/',
  '/..;/api',
  '/..;x=1/api',
  // fragments and queries that hide a climb
  '/a#/../../x',
  '/#/../..',
  '/?/../..',
  '/a?/../../api/v1/tokens',
  // current-directory and trailing segments
  '/./x',
  '/a/./b',
  '/.',
  '/a/.',
  '/..',
  '/a/..',
  '/a/b/..',
  // percent signs that are not escapes
  '/a%zz',
  '/a%2',
  '/%c0%ae%c0%ae/x',
];

/** Addresses that only look unusual: each must stay allowed everywhere. */
export const legitimateAppPaths: readonly string[] = [
  '/',
  '/a/b',
  '/a?x=1&y=%2F',
  '/caf%C3%A9',
  '/a.b/c..d',
  '/data/books',
  '/v1.2/file.json',
  '/with%20space',
  '/a?next=..',
  '/.well-known/x',
  '/a/',
  '/search?q=a%2Fb&page=2',
];
