// Changing what one app receives, at any time after the first launch.
import type { Consent, Scope } from '@miniapps/host';
import { ConsentChoices } from '@miniapps/react';
import { useEffect, useState } from 'react';
import { pages } from '../api/paths.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice, formatDate, Loading } from '../ui/widgets.js';

export function ConsentSettingsPage({ org, slug }: { org: string; slug: string }) {
  const { host } = useSignedIn();
  const data = useResource(async () => {
    const [entry, consent] = await Promise.all([
      host.catalog.get({ org, slug }),
      host.consent.get({ org, slug }),
    ]);
    return { entry, consent };
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
        <Link to="/settings">Settings</Link> ›
      </p>
      <h1>{data.data.entry.name}: permissions</h1>
      {consent.declared.length === 0 ? (
        <p className="muted">This app asks for no permissions.</p>
      ) : (
        <>
          <ConsentChoices declared={consent.declared} granted={granted} onChange={setGranted} />
          <ErrorNotice error={action.error} />
          <div className="buttons">
            <button type="button" className="button" onClick={save} disabled={action.busy}>
              Save
            </button>
            {saved && (
              <span role="status" className="muted">
                Saved. The app receives: {saved.scopes.length === 0 ? 'nothing' : saved.scopes.join(', ')}.
              </span>
            )}
          </div>
          <p className="muted">Last changed {formatDate(consent.updatedAt)}.</p>
        </>
      )}
      <p>
        <Link to={pages.app(org, slug)}>Open the app</Link>
      </p>
    </div>
  );
}
