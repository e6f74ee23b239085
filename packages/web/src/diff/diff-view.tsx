// Shows what changed between two sets of screens: a line per path, and the folded line diff of each change.
import { useLanguage } from '../i18n/language.js';
import { foldContext } from './line-diff.js';
import { diffScreens, type ScreenItem } from './screen-diff.js';

const kindKeys = {
  added: 'diff.added',
  removed: 'diff.removed',
  changed: 'diff.changed',
  same: 'diff.unchanged',
} as const;
const marks = { same: ' ', added: '+', removed: '-' } as const;

export function ScreensDiff({
  before,
  after,
  identical,
}: {
  before: readonly ScreenItem[];
  after: readonly ScreenItem[];
  /** What to say when nothing differs, where the page words it its own way. */
  identical?: string;
}) {
  const { t } = useLanguage();
  const changes = diffScreens(before, after);
  const changed = changes.filter((change) => change.kind !== 'same');
  return (
    <div className="screens-diff" data-testid="screens-diff">
      <p>
        {changed.length === 0
          ? (identical ?? t('diff.identical'))
          : t('diff.differ', { changed: changed.length, total: changes.length })}
      </p>
      {changed.map((change) => (
        <details key={change.path} open={changed.length <= 3}>
          <summary>
            <code>{change.path}</code> {t(kindKeys[change.kind])}
          </summary>
          <div className="diff">
            {foldContext(change.lines).map((hunk, index) =>
              hunk.op === 'skipped' ? (
                // The hunks of one diff never reorder; their position is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <div key={index} className="skipped">
                  {t('diff.skipped', { count: hunk.count })}
                </div>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <div key={index} className={hunk.op}>
                  {marks[hunk.op]} {hunk.text}
                </div>
              ),
            )}
          </div>
        </details>
      ))}
    </div>
  );
}
