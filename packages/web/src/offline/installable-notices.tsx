// What the installable client tells the user: offline, a new version to reload into, and an install button where the
// browser offers installing.
import { useLanguage } from '../i18n/language.js';
import { CLIENT_MANIFEST } from './app-manifest.js';
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

/**
 * "Install app" in the navigation bar for the client, "Pin to home screen" on a mini-app's page for that app
 * (`manifest`: its own), each only while the browser offers installing that manifest (`beforeinstallprompt`).
 */
export function InstallButton({
  manifest = CLIENT_MANIFEST,
  className = '',
}: {
  manifest?: string;
  className?: string;
}) {
  const { install, installFor } = useInstallable();
  const { t } = useLanguage();
  if (!install || installFor !== manifest) return null;
  return (
    <button
      type="button"
      className={`button button-secondary ${className}`}
      onClick={() => void promptInstall()}
    >
      {t(manifest === CLIENT_MANIFEST ? 'install.button' : 'install.pin')}
    </button>
  );
}
