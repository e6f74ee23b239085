// Services → Mini-apps → Create: a hosted or remote app with its origin, start path and permissions.
import { type FormEvent, useState } from 'react';
import type { App, Scope } from '../api/types.js';
import { Link, navigateTo } from '../router.js';
import { useSignedIn } from '../session.js';
import { useAction } from '../ui/use-resource.js';
import { ErrorNotice } from '../ui/widgets.js';
import { inScopeOrder, ScopePicker } from './scope-picker.js';

/** A slug proposal from a name: lowercase ASCII words joined by hyphens. */
export function slugFrom(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);
}

export function CreateAppPage({ org }: { org: string }) {
  const { api } = useSignedIn();
  const action = useAction();
  const [sourceKind, setSourceKind] = useState<'hosted' | 'remote'>('hosted');
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const [origin, setOrigin] = useState('https://');
  const [startPath, setStartPath] = useState('/');
  const [scopes, setScopes] = useState<Scope[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const body = {
        sourceKind,
        name: name.trim(),
        slug: (slugTouched ? slug : slugFrom(name)).trim(),
        startPath: startPath.trim(),
        scopes: inScopeOrder(scopes),
        ...(sourceKind === 'remote' && { origin: origin.trim() }),
      };
      const answer = await api.post<{ app: App }>(`/api/v1/orgs/${encodeURIComponent(org)}/apps`, body);
      navigateTo(`/console/orgs/${encodeURIComponent(org)}/apps/${encodeURIComponent(answer.app.slug)}`);
    });
  };
  return (
    <div className="narrow">
      <p className="crumbs">
        <Link to="/console">Developer console</Link> ›{' '}
        <Link to={`/console/orgs/${encodeURIComponent(org)}`}>{org}</Link> ›
      </p>
      <h1>Create mini-app</h1>
      <form className="form" onSubmit={submit} aria-label="Create mini-app">
        <fieldset>
          <legend>Source</legend>
          <label className="check">
            <input
              type="radio"
              name="sourceKind"
              value="hosted"
              checked={sourceKind === 'hosted'}
              onChange={() => setSourceKind('hosted')}
            />
            Hosted: the platform stores the screens; deploy them with a token
          </label>
          <label className="check">
            <input
              type="radio"
              name="sourceKind"
              value="remote"
              checked={sourceKind === 'remote'}
              onChange={() => setSourceKind('remote')}
            />
            Remote: your https server answers screens and API calls through the proxy
          </label>
        </fieldset>
        <label>
          Name
          <input
            name="name"
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label>
          Slug
          <input
            name="slug"
            required
            pattern="[a-z0-9]([a-z0-9\-]*[a-z0-9])?"
            minLength={2}
            maxLength={63}
            value={slugTouched ? slug : slugFrom(name)}
            onChange={(e) => {
              setSlugTouched(true);
              setSlug(e.target.value);
            }}
          />
        </label>
        {sourceKind === 'remote' && (
          <label>
            Origin
            <input
              name="origin"
              type="url"
              required
              placeholder="https://app.example.org"
              value={origin}
              onChange={(e) => setOrigin(e.target.value)}
            />
            <span className="muted">
              The https base address of your server; the proxy sends traffic only there.
            </span>
          </label>
        )}
        <label>
          Start path
          <input name="startPath" required value={startPath} onChange={(e) => setStartPath(e.target.value)} />
        </label>
        <ScopePicker value={scopes} onChange={setScopes} />
        <p className="muted">
          {sourceKind === 'remote'
            ? 'A remote app goes to moderation at once; it opens for users once approved.'
            : 'A hosted app stays a draft until you deploy screens and submit them for review.'}
        </p>
        <ErrorNotice error={action.error} />
        <button type="submit" className="button" disabled={action.busy}>
          Create
        </button>
      </form>
    </div>
  );
}
