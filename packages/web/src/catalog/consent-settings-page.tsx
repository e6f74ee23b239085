// Changing what one app receives, at any time after the first launch.
import type { Consent, Scope } from '@miniapps/host';
import { ConsentChoices } from '@miniapps/react';
import { useEffect, useState } from 'react';
import { pages } from '../api/paths.js';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useNames } from '../i18n/names.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';

export function ConsentSettingsPage({ org, slug }: { org: string; slug: string }) {
  const { host } = useSignedIn();
  const { t } = useLanguage();
  const names = useNames();
  const format = useFormat();
  const data = useResource(async () => {
    const [entry, consent] = await Promise.allSettled([
      host.catalog.get({ org, slug }),
      host.consent.get({ org, slug }),
    ]);
    // For an app that is not in the catalog both fail: say the catalog's words, whichever answered first.
    if (entry.status === 'rejected') throw entry.reason;
    if (consent.status === 'rejected') throw consent.reason;
    return { entry: entry.value, consent: consent.value };
  }, [host, org, slug]);
  const action = useAction();
  const [granted, setGranted] = useState<Scope[]>([]);
  const [saved, setSaved] = useState<Consent | null>(null);
  useEffect(() => {
    if (data.data) setGranted(data.data.consent.scopes);
  }, [data.data]);
  if (data.error) return <ErrorNotice error={data.error} />;
  if (!data.data) return <Loading />;
  const consent = saved ?? data.data.consent;
  const save = () =>
    action.run(async () => {
      setSaved(await host.consent.set({ org, slug }, granted));
    });
  return (
    <div className="narrow">
      <p className="crumbs">
        <Link to="/settings">{t('nav.settings')}</Link> ›
      </p>
      <h1>{t('consent.title', { name: data.data.entry.name })}</h1>
      {consent.declared.length === 0 ? (
        <p className="muted">{t('consent.none')}</p>
      ) : (
        <>
          <ConsentChoices declared={consent.declared} granted={granted} onChange={setGranted} />
          <ErrorNotice error={action.error} />
          <div className="buttons">
            <button type="button" className="button" onClick={save} disabled={action.busy}>
              {t('consent.save')}
            </button>
            {saved && (
              <span role="status" className="muted">
                {saved.scopes.length === 0
                  ? t('consent.savedNothing')
                  : t('consent.saved', { scopes: names.scopes(saved.scopes) })}
              </span>
            )}
          </div>
          <p className="muted">{t('consent.lastChanged', { date: format.date(consent.updatedAt) })}</p>
        </>
      )}
      <p>
        <Link to={pages.app(org, slug)}>{t('consent.open')}</Link>
      </p>
    </div>
  );
}
