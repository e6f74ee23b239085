// A remote app's signing secret: generate, rotate (the previous one signs 24 more hours), disable.

import type { App, IssuedSecret } from '@miniapps/contract';
import { PREVIOUS_SECRET_VALID_MS } from '@miniapps/contract';
import { useState } from 'react';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useRich } from '../i18n/rich.js';
import { useSignedIn } from '../session.js';

const HOUR_MS = 3_600_000;

import { useAction, useResource } from '../ui/use-resource.js';
import { CopyButton, ErrorNotice, Loading } from '../ui/widgets.js';

export function SigningSecretPanel({ app }: { app: App }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const rich = useRich();
  const format = useFormat();
  const params = { org: app.organizationId, slug: app.slug };
  const state = useResource(
    () => api.request('GET /api/v1/orgs/:org/apps/:slug/signing-secret', { params }),
    [api, params.org, params.slug],
  );
  const action = useAction();
  const [issued, setIssued] = useState<IssuedSecret | null>(null);

  const generate = () =>
    action.run(async () => {
      setIssued(await api.request('POST /api/v1/orgs/:org/apps/:slug/signing-secret', { params }));
      state.reload();
    });
  const disable = () => {
    if (!window.confirm(t('console.signing.confirmDisable'))) return;
    void action.run(async () => {
      await api.request('DELETE /api/v1/orgs/:org/apps/:slug/signing-secret', { params });
      setIssued(null);
      state.reload();
    });
  };
  if (state.error) return <ErrorNotice error={state.error} />;
  if (!state.data) return <Loading />;
  const { enabled, createdAt, rotatedAt, previousValidUntil } = state.data;
  return (
    <section className="narrow">
      <p>{rich('console.signing.about', { payload: '<appUserId>.<timestamp>' })}</p>
      <p data-testid="signing-state">
        {enabled
          ? rich('console.signing.on', { date: format.date(rotatedAt ?? createdAt) })
          : rich('console.signing.off')}
      </p>
      {previousValidUntil && (
        <p className="notice" data-testid="rotation-window">
          {rich('console.signing.rotation', { date: format.date(previousValidUntil) })}
        </p>
      )}
      {issued && (
        <div className="notice notice-secret" role="status">
          <p>
            {rich('console.signing.copyNow')}
            {issued.previousValidUntil &&
              ` ${t('console.signing.previousUntil', { date: format.date(issued.previousValidUntil) })}`}
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
          {t(enabled ? 'console.signing.rotate' : 'console.signing.generate')}
        </button>
        {enabled && (
          <button type="button" className="button button-danger" onClick={disable} disabled={action.busy}>
            {t('console.signing.disable')}
          </button>
        )}
      </div>
      {enabled && (
        <p className="muted">
          {t('console.signing.rotationHint', { hours: PREVIOUS_SECRET_VALID_MS / HOUR_MS })}
        </p>
      )}
    </section>
  );
}
