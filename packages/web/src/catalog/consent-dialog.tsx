// First launch of an app: the scopes it declares, each grantable separately, before anything is sent to it.
import { useState } from 'react';
import { consentPath } from '../api/paths.js';
import type { Consent, Scope } from '../api/types.js';
import { useSignedIn } from '../session.js';
import { useAction } from '../ui/use-resource.js';
import { Dialog, ErrorNotice } from '../ui/widgets.js';
import { ConsentChoices } from './consent-choices.js';

export interface ConsentDialogProps {
  org: string;
  slug: string;
  appName: string;
  declared: Scope[];
  /** What the user grants now (kept checked when an update asks about new scopes). */
  granted: Scope[];
  /** Scopes an update added since the user's choice; empty at first launch. */
  newScopes: Scope[];
  onDecided(consent: Consent): void;
  onCancel(): void;
}

export function ConsentDialog(props: ConsentDialogProps) {
  const { api } = useSignedIn();
  const action = useAction();
  const [granted, setGranted] = useState<Scope[]>(props.granted);
  const update = props.newScopes.length > 0;
  const save = (scopes: Scope[]) =>
    action.run(async () => {
      props.onDecided(await api.put<Consent>(consentPath(props.org, props.slug), { scopes }));
    });
  return (
    <Dialog
      title={update ? `${props.appName} asks for new permissions` : `${props.appName} asks for permissions`}
      onClose={props.onCancel}
    >
      <p>
        {update && `Since your last choice the app also asks for: ${props.newScopes.join(', ')}. `}
        Choose what the app may receive. It works without them, and you can change this at any time in
        Settings.
      </p>
      <ConsentChoices declared={props.declared} granted={granted} onChange={setGranted} />
      <ErrorNotice error={action.error} />
      <div className="buttons">
        <button type="button" className="button" disabled={action.busy} onClick={() => save(granted)}>
          {granted.length === 0 ? 'Continue without' : 'Allow selected'}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={action.busy}
          onClick={() => save([])}
        >
          Deny all
        </button>
      </div>
    </Dialog>
  );
}
