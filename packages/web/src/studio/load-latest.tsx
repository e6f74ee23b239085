// "Load the latest version": with unsaved edits it asks first, in a modal dialog whose Cancel keeps them.
import { useState } from 'react';
import { useLanguage } from '../i18n/language.js';
import { Dialog } from '../ui/widgets.js';

export function LoadLatestButton({ dirty, onLoad }: { dirty: boolean; onLoad(): void }) {
  const { t } = useLanguage();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => (dirty ? setAsking(true) : onLoad())}
      >
        {t('studio.reload')}
      </button>
      {asking && (
        <Dialog title={t('studio.reload.askTitle')} onClose={() => setAsking(false)}>
          <p>{t('studio.reload.ask')}</p>
          <div className="buttons">
            {/* First, so the modal dialog opens with the focus on the choice that loses nothing. */}
            <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
              {t('studio.reload.cancel')}
            </button>
            <button type="button" className="button" onClick={onLoad}>
              {t('studio.reload.discard')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
