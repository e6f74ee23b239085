// Deploy tokens: create (the value shown once, with a copy button), list without values, revoke.
import { type FormEvent, useState } from 'react';
import type { CreatedToken, DeployToken } from '../api/types.js';
import { Link } from '../router.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { CopyButton, ErrorNotice, formatDate, Loading } from '../ui/widgets.js';

/** The most live tokens an account may hold (CONTRACT "Limits"). */
const TOKEN_LIMIT = 5;

export function TokensPage() {
  const { api } = useSignedIn();
  const tokens = useResource(
    () => api.get<{ tokens: DeployToken[] }>('/api/v1/tokens').then((a) => a.tokens),
    [api],
  );
  const create = useAction();
  const revoke = useAction();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedToken | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create.run(async () => {
      const answer = await api.post<CreatedToken>('/api/v1/tokens', { name: name.trim() });
      setCreated(answer);
      setName('');
      tokens.reload();
    });
  };
  const remove = (token: DeployToken) => {
    if (!window.confirm(`Revoke "${token.name}"? Deploys using it stop working at once.`)) return;
    void revoke.run(async () => {
      await api.delete(`/api/v1/tokens/${encodeURIComponent(token.id)}`);
      if (created?.id === token.id) setCreated(null);
      tokens.reload();
    });
  };
  const count = tokens.data?.length ?? 0;
  return (
    <div>
      <p className="crumbs">
        <Link to="/console">Developer console</Link> ›
      </p>
      <h1>Deploy tokens</h1>
      <p className="muted">
        A token deploys screens and sends pushes for every app of your organizations. At most {TOKEN_LIMIT}{' '}
        per account.
      </p>
      {created && (
        <div className="notice notice-secret" role="status">
          <p>
            <strong>Copy the token “{created.name}” now.</strong> It is shown only once; the platform keeps
            only its hash.
          </p>
          <div className="secret-row">
            <code className="secret" data-testid="new-token">
              {created.token}
            </code>
            <CopyButton text={created.token} />
          </div>
          <button type="button" className="button button-text" onClick={() => setCreated(null)}>
            I stored it
          </button>
        </div>
      )}
      <form className="form form-inline" onSubmit={submit} aria-label="New deploy token">
        <input
          name="tokenName"
          required
          maxLength={100}
          placeholder="Name, e.g. CI on main"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="button" disabled={create.busy || count >= TOKEN_LIMIT}>
          Create token
        </button>
      </form>
      {count >= TOKEN_LIMIT && (
        <p className="muted">You hold {TOKEN_LIMIT} tokens; revoke one to create another.</p>
      )}
      <ErrorNotice error={create.error ?? revoke.error ?? tokens.error} />
      {tokens.data === undefined ? (
        <Loading />
      ) : tokens.data.length === 0 ? (
        <p className="muted">No tokens.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Created</th>
              <th>Last used</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.data.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td>{formatDate(token.createdAt)}</td>
                <td>{token.lastUsedAt ? formatDate(token.lastUsedAt) : 'never'}</td>
                <td>
                  <button
                    type="button"
                    className="button button-danger"
                    onClick={() => remove(token)}
                    disabled={revoke.busy}
                  >
                    Revoke
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
