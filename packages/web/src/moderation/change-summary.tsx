// What a version in review changes against the live one, as the queue reports it.

import type { ChangeSummary } from '@miniapps/contract';
import { formatSize, useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useNames } from '../i18n/names.js';

const fileChangeKeys = {
  added: 'diff.added',
  removed: 'diff.removed',
  changed: 'diff.changed',
  unchanged: 'diff.unchanged',
} as const;

export function ChangeSummaryView({ changes }: { changes: ChangeSummary }) {
  const { language, t } = useLanguage();
  const names = useNames();
  const format = useFormat();
  const or = (value: string | null | undefined) => value ?? '—';
  const items: string[] = [];
  if (changes.firstReview) items.push(t('changes.firstReview'));
  if (changes.name) items.push(t('changes.name', { from: or(changes.name.from), to: changes.name.to }));
  if (changes.startPath) {
    items.push(t('changes.startPath', { from: or(changes.startPath.from), to: changes.startPath.to }));
  }
  if (changes.origin)
    items.push(t('changes.origin', { from: or(changes.origin.from), to: or(changes.origin.to) }));
  if (changes.scopes) {
    const { added, removed } = changes.scopes;
    const list = [...added.map((s) => `+${names.scope(s)}`), ...removed.map((s) => `−${names.scope(s)}`)];
    items.push(t('changes.scopes', { list: list.join(', ') }));
  }
  if (changes.category) {
    const named = (category: string | null) => (category === null ? '—' : names.category(category));
    items.push(t('changes.category', { from: named(changes.category.from), to: named(changes.category.to) }));
  }
  if (changes.description) {
    const { from, to } = changes.description;
    items.push(t('changes.description', { from: or(from), to: or(to) }));
  }
  const icon = changes.icon?.to;
  const iconLine =
    changes.icon && t('changes.icon', { from: or(changes.icon.from), to: or(changes.icon.to) });
  if (iconLine) items.push(iconLine);
  if (changes.screens) {
    const { added, removed, changed, unchanged } = changes.screens;
    const parts = [
      added.length > 0 && t('changes.screensAdded', { list: added.join(', ') }),
      removed.length > 0 && t('changes.screensRemoved', { list: removed.join(', ') }),
      changed.length > 0 && t('changes.screensChanged', { list: changed.join(', ') }),
      t('changes.screensUnchanged', { count: format.number(unchanged) }),
    ].filter(Boolean);
    items.push(t('changes.screens', { list: parts.join('; ') }));
  }
  // A moderator sees what data an app ships and how much, not only its screens.
  for (const kind of ['data', 'strings'] as const) {
    const files = changes.files?.filter((file) => file.kind === kind) ?? [];
    if (files.length === 0) continue;
    const list = files
      .map((file) => `${file.name} (${formatSize(language, file.bytes)}, ${t(fileChangeKeys[file.change])})`)
      .join(', ');
    items.push(t(kind === 'data' ? 'changes.datasets' : 'changes.strings', { list }));
  }
  if (items.length === 0) items.push(t('changes.none'));
  // The new icon as users will see it, beside its address: a moderator judges the picture, not the URL.
  return (
    <ul className="change-summary">
      {items.map((item) => (
        <li key={item}>
          {item}
          {icon && item === iconLine && (
            <img
              className="catalog-icon"
              src={icon}
              alt={t('changes.newIcon')}
              referrerPolicy="no-referrer"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
