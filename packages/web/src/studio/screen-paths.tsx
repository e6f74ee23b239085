// The app's screens as a tree of their paths: a folder per path segment, each screen a button under its folder.
import { useLanguage } from '../i18n/language.js';
import type { ScreenText } from './studio-content.js';

interface PathNode {
  segment: string;
  screen?: ScreenText;
  children: Map<string, PathNode>;
}

function treeOf(screens: readonly ScreenText[]): PathNode {
  const root: PathNode = { segment: '', children: new Map() };
  for (const screen of screens) {
    let node = root;
    for (const segment of screen.path.split('/').filter(Boolean)) {
      let child = node.children.get(segment);
      if (!child) {
        child = { segment, children: new Map() };
        node.children.set(segment, child);
      }
      node = child;
    }
    // Two screens of one path (a rename half typed): the first keeps the place, the other is listed at the top.
    if (node.screen)
      root.children.set(`\0${screen.id}`, { segment: screen.path, screen, children: new Map() });
    else node.screen = screen;
  }
  return root;
}

const byName = (a: PathNode, b: PathNode) => a.segment.localeCompare(b.segment);

export function ScreenPaths({
  screens,
  selectedId,
  onSelect,
}: {
  screens: readonly ScreenText[];
  selectedId: number | undefined;
  onSelect(id: number): void;
}) {
  const { t } = useLanguage();
  const root = treeOf(screens);
  const item = (node: PathNode) => (
    <li key={node.screen ? node.screen.id : `folder:${node.segment}`}>
      {node.screen ? (
        <button
          type="button"
          className="button button-text"
          // The full path is the name a screen reader says; the tree shows its last segment under its folder.
          aria-label={node.screen.path}
          aria-current={node.screen.id === selectedId ? 'true' : undefined}
          onClick={() => onSelect(node.screen!.id)}
        >
          <code>{node.segment}</code>
        </button>
      ) : (
        <span className="studio-folder">
          <code>{node.segment}/</code>
        </span>
      )}
      {node.children.size > 0 && <ul>{[...node.children.values()].sort(byName).map(item)}</ul>}
    </li>
  );
  return (
    <ul className="studio-paths" aria-label={t('studio.screens.tree')}>
      {root.screen && item({ ...root, segment: '/', children: new Map() })}
      {[...root.children.values()].sort(byName).map(item)}
    </ul>
  );
}
