// Deploy tokens: create (the value shown once, with a copy button), list without values, revoke.

import type { CreatedToken, DeployToken } from '@miniapps/contract';
import { MAX_LIVE_TOKENS } from '@miniapps/contract';
import { type FormEvent, useState } from 'react';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useRich } from '../i18n/rich.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { CopyButton, ErrorNotice, Loading } from '../ui/widgets.js';

export function TokensPage() {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const rich = useRich();
  const format = useFormat();
  const tokens = useResource(() => api.request('GET /api/v1/tokens').then((a) => a.tokens), [api]);
  const create = useAction();
  const revoke = useAction();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedToken | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create.run(async () => {
      const answer = await api.request('POST /api/v1/tokens', { body: { name: name.trim() } });
      setCreated(answer);
      setName('');
      tokens.reload();
    });
  };
  const remove = (token: DeployToken) => {
    if (!window.confirm(t('console.tokens.confirmRevoke', { name: token.name }))) return;
    void revoke.run(async () => {
      await api.request('DELETE /api/v1/tokens/:id', { params: { id: token.id } });
      if (created?.id === token.id) setCreated(null);
      tokens.reload();
    });
  };
  const count = tokens.data?.length ?? 0;
  return (
    <div>
      <p className="crumbs">
        <Link to="/console">{t('nav.console')}</Link> ›
      </p>
      <h1>{t('console.tokens.title')}</h1>
      <p className="muted">{t('console.tokens.about', { limit: MAX_LIVE_TOKENS })}</p>
      {created && (
        <div className="notice notice-secret" role="status">
          <p>{rich('console.tokens.copyNow', { name: created.name })}</p>
          <div className="secret-row">
            <code className="secret" data-testid="new-token">
              {created.token}
            </code>
            <CopyButton text={created.token} />
          </div>
          <button type="button" className="button button-text" onClick={() => setCreated(null)}>
            {t('console.tokens.stored')}
          </button>
        </div>
      )}
      <form className="form form-inline" onSubmit={submit} aria-label={t('console.tokens.new')}>
        <input
          name="tokenName"
          required
          maxLength={100}
          aria-label={t('console.tokens.name')}
          placeholder={t('console.tokens.namePlaceholder')}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="button" disabled={create.busy || count >= MAX_LIVE_TOKENS}>
          {t('console.tokens.create')}
        </button>
      </form>
      {count >= MAX_LIVE_TOKENS && <p className="muted">{t('console.tokens.atLimit', { count })}</p>}
      <ErrorNotice error={create.error ?? revoke.error ?? tokens.error} />
      {tokens.data === undefined ? (
        <Loading />
      ) : tokens.data.length === 0 ? (
        <p className="muted">{t('console.tokens.none')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>{t('console.name')}</th>
              <th>{t('console.tokens.created')}</th>
              <th>{t('console.tokens.lastUsed')}</th>
              <th>
                <span className="visually-hidden">{t('console.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.data.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td>{format.date(token.createdAt)}</td>
                <td>{token.lastUsedAt ? format.date(token.lastUsedAt) : t('console.tokens.never')}</td>
                <td>
                  <button
                    type="button"
                    className="button button-danger"
                    onClick={() => remove(token)}
                    disabled={revoke.busy}
                  >
                    {t('console.tokens.revoke')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
