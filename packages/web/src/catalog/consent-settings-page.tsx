// Changing what one app receives, at any time after the first launch.
import { useEffect, useState } from 'react';
import { consentPath, pages } from '../api/paths.js';
import type { CatalogEntry, Consent, Scope } from '../api/types.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice, formatDate, Loading } from '../ui/widgets.js';
import { rememberAsked } from './asked-scopes.js';
import { ConsentChoices } from './consent-choices.js';

export function ConsentSettingsPage({ org, slug }: { org: string; slug: string }) {
  const { api } = useSignedIn();
  const data = useResource(async () => {
    const [catalog, consent] = await Promise.all([
      api.get<{ app: CatalogEntry }>(
        `/api/v1/catalog/${encodeURIComponent(org)}/${encodeURIComponent(slug)}`,
      ),
      api.get<Consent>(consentPath(org, slug)),
    ]);
    return { entry: catalog.app, consent };
  }, [api, org, slug]);
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
      const answer = await api.put<Consent>(consentPath(org, slug), { scopes: granted });
      rememberAsked(org, slug, answer.declared);
      setSaved(answer);
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
