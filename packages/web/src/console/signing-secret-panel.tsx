// A remote app's signing secret: generate, rotate (the previous one signs 24 more hours), disable.
import { useState } from 'react';
import { appPath } from '../api/paths.js';
import type { App } from '../api/types.js';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useRich } from '../i18n/rich.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { CopyButton, ErrorNotice, Loading } from '../ui/widgets.js';

/** How long a rotated-out secret still signs (CONTRACT "Signing"). */
const OVERLAP_HOURS = 24;

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
  const { t } = useLanguage();
  const rich = useRich();
  const format = useFormat();
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
    if (!window.confirm(t('console.signing.confirmDisable'))) return;
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
      {enabled && <p className="muted">{t('console.signing.rotationHint', { hours: OVERLAP_HOURS })}</p>}
    </section>
  );
}
