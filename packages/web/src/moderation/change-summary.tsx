// What a version in review changes against the live one, as the queue reports it.
import type { ChangeSummary } from './types.js';

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

export function ChangeSummaryView({ changes }: { changes: ChangeSummary }) {
  const items: string[] = [];
  if (changes.firstReview) items.push('First review: nothing of this app is live yet.');
  if (changes.name) items.push(`Name: ${changes.name.from ?? '—'} → ${changes.name.to}`);
  if (changes.startPath) items.push(`Start path: ${changes.startPath.from ?? '—'} → ${changes.startPath.to}`);
  if (changes.origin) items.push(`Origin: ${changes.origin.from ?? '—'} → ${changes.origin.to ?? '—'}`);
  if (changes.scopes) {
    const { added, removed } = changes.scopes;
    items.push(`Permissions: ${[...added.map((s) => `+${s}`), ...removed.map((s) => `−${s}`)].join(', ')}`);
  }
  if (changes.category) {
    items.push(`Category: ${changes.category.from ?? '—'} → ${changes.category.to ?? '—'}`);
  }
  if (changes.description) {
    items.push(`Description: “${changes.description.from ?? '—'}” → “${changes.description.to ?? '—'}”`);
  }
  if (changes.icon) items.push(`Icon: ${changes.icon.from ?? '—'} → ${changes.icon.to ?? '—'}`);
  if (changes.screens) {
    const { added, removed, changed, unchanged } = changes.screens;
    const parts = [
      added.length > 0 && `added ${added.join(', ')}`,
      removed.length > 0 && `removed ${removed.join(', ')}`,
      changed.length > 0 && `changed ${changed.join(', ')}`,
      `${unchanged} unchanged`,
    ].filter(Boolean);
    items.push(`Screens: ${parts.join('; ')}`);
  }
  // A moderator sees what data an app ships and how much, not only its screens.
  for (const kind of ['data', 'strings'] as const) {
    const files = changes.files?.filter((file) => file.kind === kind) ?? [];
    if (files.length === 0) continue;
    const list = files.map((file) => `${file.name} (${formatSize(file.bytes)}, ${file.change})`);
    items.push(`${kind === 'data' ? 'Datasets' : 'Strings'}: ${list.join(', ')}`);
  }
  if (items.length === 0) items.push('No visible change.');
  // The new icon as users will see it, beside its address: a moderator judges the picture, not the URL.
  const icon = changes.icon?.to;
  return (
    <ul className="change-summary">
      {items.map((item) => (
        <li key={item}>
          {item}
          {icon && item.startsWith('Icon: ') && (
            <img className="catalog-icon" src={icon} alt="The new icon" referrerPolicy="no-referrer" />
          )}
        </li>
      ))}
    </ul>
  );
}
