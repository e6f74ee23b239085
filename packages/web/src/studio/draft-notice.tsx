// What the studio says of the kept draft: restored (and from when), based on a replaced version, or not kept at all.
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { LoadLatestButton } from './load-latest.js';
import type { KeptDraft } from './studio-draft.js';

export function DraftNotice(props: {
  restored: KeptDraft | undefined;
  headVersion: number;
  unkept: boolean;
  dirty: boolean;
  onDiscard(): void;
  onLoadLatest(): void;
}) {
  const { t } = useLanguage();
  const format = useFormat();
  const { restored } = props;
  return (
    <>
      {restored && (
        <div className="notice studio-draft-notice">
          <p>{t('studio.draft.restored', { time: format.date(new Date(restored.keptAt).toISOString()) })}</p>
          {restored.baseVersion < props.headVersion && (
            <p>
              {t('studio.draft.stale', { base: restored.baseVersion, head: props.headVersion })}{' '}
              <LoadLatestButton dirty={props.dirty} onLoad={props.onLoadLatest} />
            </p>
          )}
          <button type="button" className="button button-secondary" onClick={props.onDiscard}>
            {t('studio.draft.discard')}
          </button>
        </div>
      )}
      {props.unkept && <p className="notice notice-error">{t('studio.draft.unkept')}</p>}
    </>
  );
}
