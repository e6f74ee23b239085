// The built-in consent prompt: the scopes an app declares, each grantable separately, before anything is sent to it.
import type { CatalogEntry, Scope } from '@miniapps/host';
import { useEffect, useRef, useState } from 'react';
import { useMessages } from '../i18n/language.js';
import { ConsentChoices } from './consent-choices.js';
import { scopeTitles } from './scope-labels.js';

/** What the user is asked before an app opens. */
export interface ConsentRequest {
  app: CatalogEntry;
  declared: Scope[];
  /** What the user grants now (kept checked when an update asks about new scopes). */
  granted: Scope[];
  /** Scopes to ask about: all declared at first launch, the new ones after an update, and the revoked ones. */
  ask: Scope[];
  /** True when the user chose before and an update declares new scopes. */
  update: boolean;
  /** Granted when this host last knew, withdrawn since (e.g. in the platform's settings): asked again. */
  revoked: Scope[];
}

export interface ConsentDialogProps {
  request: ConsentRequest;
  busy: boolean;
  error: string | null;
  onDecide(scopes: Scope[]): void;
  /** Closing without a choice: nothing is recorded and the app does not open. */
  onCancel(): void;
}

export function ConsentDialog({ request, busy, error, onDecide, onCancel }: ConsentDialogProps) {
  const t = useMessages();
  const [granted, setGranted] = useState<Scope[]>(request.granted);
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => first.current?.querySelector<HTMLElement>('input, button')?.focus(), []);
  const again = request.revoked.length > 0;
  const title = t(request.update ? 'consent.titleUpdate' : again ? 'consent.titleRevoked' : 'consent.title', {
    app: request.app.name,
  });
  const unseen = request.ask.filter((scope) => !request.revoked.includes(scope));
  return (
    <div className="ma-backdrop">
      <div
        ref={first}
        className="ma-alert ma-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onKeyDown={(event) => event.key === 'Escape' && onCancel()}
      >
        <h2 className="ma-alert-title">{title}</h2>
        <p>
          {request.update && `${t('consent.update', { scopes: scopeTitles(t, unseen) })} `}
          {again && `${t('consent.revoked', { scopes: scopeTitles(t, request.revoked) })} `}
          {t('consent.explain')}
        </p>
        <ConsentChoices declared={request.declared} granted={granted} onChange={setGranted} />
        {error !== null && (
          <p className="ma-page-error" role="alert">
            {error}
          </p>
        )}
        <div className="ma-row ma-alert-buttons">
          <button type="button" className="ma-button ma-button-text" disabled={busy} onClick={onCancel}>
            {t('consent.notNow')}
          </button>
          <button
            type="button"
            className="ma-button ma-button-secondary"
            disabled={busy}
            onClick={() => onDecide([])}
          >
            {t('consent.denyAll')}
          </button>
          <button
            type="button"
            className="ma-button ma-button-primary"
            disabled={busy}
            onClick={() => onDecide(granted)}
          >
            {t(granted.length === 0 ? 'consent.continueWithout' : 'consent.allowSelected')}
          </button>
        </div>
      </div>
    </div>
  );
}
