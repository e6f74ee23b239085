// The icon widget's names and the glyphs drawn for them; text glyphs keep the bundle small and need no font.
const glyphs: Record<string, string> = {
  home: '⌂',
  back: '←',
  forward: '→',
  up: '↑',
  down: '↓',
  close: '✕',
  check: '✓',
  add: '+',
  remove: '−',
  star: '★',
  'star-outline': '☆',
  heart: '♥',
  info: 'ℹ',
  warning: '⚠',
  error: '⨯',
  settings: '⚙',
  mail: '✉',
  phone: '☎',
  time: '◷',
  calendar: '▦',
  search: '⌕',
  menu: '☰',
  user: '◉',
  location: '⌖',
  link: '⛓',
  edit: '✎',
  share: '⇪',
  refresh: '↻',
  bell: '♪',
  food: '◍',
  book: '▤',
  chevron: '›',
};

/** The glyph of a named icon; an unknown name gets a neutral dot rather than nothing. */
export function iconGlyph(name: string): string {
  return glyphs[name] ?? '•';
}
