// A remote app's signing secret: generate, rotate (the previous one signs 24 more hours), disable.
import { useState } from 'react';
import { appPath } from '../api/paths.js';
import type { App } from '../api/types.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { CopyButton, ErrorNotice, formatDate, Loading } from '../ui/widgets.js';

interface SecretState {
  enabled: boolean;
  createdAt: string | null;
  rotatedAt: string | null;
  previousValidUntil: string | null;
}

interface Issued {
  secret: string;
  previousValidUntil?: string;
}

export function SigningSecretPanel({ app }: { app: App }) {
  const { api } = useSignedIn();
  const path = `${appPath(app.organizationId, app.slug)}/signing-secret`;
  const state = useResource(() => api.get<SecretState>(path), [api, path]);
  const action = useAction();
  const [issued, setIssued] = useState<Issued | null>(null);

  const generate = () =>
    action.run(async () => {
      setIssued(await api.post<Issued>(path));
      state.reload();
    });
  const disable = () => {
    if (!window.confirm('Disable signing? Requests go to your origin without signature headers from now on.'))
      return;
    void action.run(async () => {
      await api.delete(path);
      setIssued(null);
      state.reload();
    });
  };
  if (state.error) return <ErrorNotice error={state.error} />;
  if (!state.data) return <Loading />;
  const { enabled, createdAt, rotatedAt, previousValidUntil } = state.data;
  return (
    <section className="narrow">
      <p>
        With a secret, the proxy signs each request: <code>X-Platform-Signature</code> is an HMAC-SHA256 of{' '}
        <code>&lt;appUserId&gt;.&lt;timestamp&gt;</code>. Verify it with <code>@miniapps/sdk</code>.
      </p>
      <p data-testid="signing-state">
        {enabled ? (
          <>
            Signing is <strong>on</strong> since {formatDate(rotatedAt ?? createdAt)}.
          </>
        ) : (
          <>
            Signing is <strong>off</strong>: requests carry no signature headers.
          </>
        )}
      </p>
      {previousValidUntil && (
        <p className="notice" data-testid="rotation-window">
          Rotation in progress: the previous secret still signs (in <code>X-Platform-Signature-Prev</code>)
          until <strong>{formatDate(previousValidUntil)}</strong>. Switch your server to the new secret before
          then.
        </p>
      )}
      {issued && (
        <div className="notice notice-secret" role="status">
          <p>
            <strong>Copy the secret now.</strong> It is shown only once; store it on your server.
            {issued.previousValidUntil &&
              ` The previous one stays valid until ${formatDate(issued.previousValidUntil)}.`}
          </p>
          <div className="secret-row">
            <code className="secret" data-testid="new-secret">
              {issued.secret}
            </code>
            <CopyButton text={issued.secret} />
          </div>
        </div>
      )}
      <ErrorNotice error={action.error} />
      <div className="buttons">
        <button type="button" className="button" onClick={generate} disabled={action.busy}>
          {enabled ? 'Rotate secret' : 'Generate secret'}
        </button>
        {enabled && (
          <button type="button" className="button button-danger" onClick={disable} disabled={action.busy}>
            Disable signing
          </button>
        )}
      </div>
      {enabled && (
        <p className="muted">
          Rotating keeps the previous secret valid for 24 hours, so you can switch without downtime.
        </p>
      )}
    </section>
  );
}
