// What the installable client tells the user: offline, a new version to reload into, and an install button where the
// browser offers installing.
import { useLanguage } from '../i18n/language.js';
import { applyUpdate, promptInstall, useInstallable } from './installable.js';

/** Above the page: the offline notice and the update offer, each when it applies. */
export function InstallableNotices() {
  const { online, waiting, replaced } = useInstallable();
  const { t } = useLanguage();
  return (
    <>
      {!online && (
        <p className="notice notice-warning" role="status">
          {t('offline.notice')}
        </p>
      )}
      {(waiting || replaced) && (
        <p className="notice" role="status">
          {t('update.ready')}{' '}
          <button type="button" className="button" onClick={applyUpdate}>
            {t('update.reload')}
          </button>
        </p>
      )}
    </>
  );
}

/** "Install app" in the navigation bar, only while the browser offers it (`beforeinstallprompt`). */
export function InstallButton() {
  const { install } = useInstallable();
  const { t } = useLanguage();
  if (!install) return null;
  return (
    <button type="button" className="button button-secondary" onClick={() => void promptInstall()}>
      {t('install.button')}
    </button>
  );
}
