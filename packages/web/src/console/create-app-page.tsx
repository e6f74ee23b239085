// Services → Mini-apps → Create: a hosted or remote app with its origin, start path and permissions.

import type { Scope } from '@miniapps/contract';
import { type FormEvent, useState } from 'react';
import { useLanguage } from '../i18n/language.js';
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
  const { t } = useLanguage();
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
      const answer = await api.request('POST /api/v1/orgs/:org/apps', { params: { org }, body });
      navigateTo(`/console/orgs/${encodeURIComponent(org)}/apps/${encodeURIComponent(answer.app.slug)}`);
    });
  };
  return (
    <div className="narrow">
      <p className="crumbs">
        <Link to="/console">{t('nav.console')}</Link> ›{' '}
        <Link to={`/console/orgs/${encodeURIComponent(org)}`}>{org}</Link> ›
      </p>
      <h1>{t('console.org.createApp')}</h1>
      <form className="form" onSubmit={submit} aria-label={t('console.org.createApp')}>
        <fieldset>
          <legend>{t('console.source')}</legend>
          <label className="check">
            <input
              type="radio"
              name="sourceKind"
              value="hosted"
              checked={sourceKind === 'hosted'}
              onChange={() => setSourceKind('hosted')}
            />
            {t('console.create.hosted')}
          </label>
          <label className="check">
            <input
              type="radio"
              name="sourceKind"
              value="remote"
              checked={sourceKind === 'remote'}
              onChange={() => setSourceKind('remote')}
            />
            {t('console.create.remote')}
          </label>
        </fieldset>
        <label>
          {t('console.name')}
          <input
            name="name"
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label>
          {t('console.slug')}
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
            {t('console.origin')}
            <input
              name="origin"
              type="url"
              required
              placeholder="https://app.example.org"
              value={origin}
              onChange={(e) => setOrigin(e.target.value)}
            />
            <span className="muted">{t('console.create.originHint')}</span>
          </label>
        )}
        <label>
          {t('console.startPath')}
          <input name="startPath" required value={startPath} onChange={(e) => setStartPath(e.target.value)} />
        </label>
        <ScopePicker value={scopes} onChange={setScopes} />
        <p className="muted">
          {t(sourceKind === 'remote' ? 'console.create.remoteHint' : 'console.create.hostedHint')}
        </p>
        <ErrorNotice error={action.error} />
        <button type="submit" className="button" disabled={action.busy}>
          {t('console.create.submit')}
        </button>
      </form>
    </div>
  );
}
