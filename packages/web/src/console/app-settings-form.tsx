// An app's metadata: name, start path, permissions and (remote) origin; a change goes back to moderation.
import { type FormEvent, useState } from 'react';
import { appPath } from '../api/paths.js';
import type { App, Scope } from '../api/types.js';
import { useSignedIn } from '../session.js';
import { useAction } from '../ui/use-resource.js';
import { ErrorNotice } from '../ui/widgets.js';
import { inScopeOrder, ScopePicker } from './scope-picker.js';

export function AppSettingsForm({ app, onSaved }: { app: App; onSaved(): void }) {
  const { api } = useSignedIn();
  const action = useAction();
  const [name, setName] = useState(app.name);
  const [startPath, setStartPath] = useState(app.startPath);
  const [origin, setOrigin] = useState(app.origin ?? '');
  const [scopes, setScopes] = useState<Scope[]>(app.scopes);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      await api.patch(appPath(app.organizationId, app.slug), {
        name: name.trim(),
        startPath: startPath.trim(),
        scopes: inScopeOrder(scopes),
        ...(app.sourceKind === 'remote' && { origin: origin.trim() }),
      });
      onSaved();
    });
  };
  const live = app.live;
  return (
    <form className="form narrow" onSubmit={submit} aria-label="App settings">
      {live && (live.origin !== app.origin || live.name !== app.name || live.startPath !== app.startPath) && (
        <p className="notice">
          Users see the approved settings ({live.name}
          {live.origin ? `, ${live.origin}` : ''}, {live.startPath}) until moderation approves the change.
        </p>
      )}
      <label>
        Name
        <input name="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      {app.sourceKind === 'remote' && (
        <label>
          Origin
          <input
            name="origin"
            type="url"
            required
            value={origin}
            onChange={(e) => setOrigin(e.target.value)}
          />
        </label>
      )}
      <label>
        Start path
        <input name="startPath" required value={startPath} onChange={(e) => setStartPath(e.target.value)} />
      </label>
      <ScopePicker value={scopes} onChange={setScopes} />
      <p className="muted">Saving a change to an approved app sends it back to moderation.</p>
      <ErrorNotice error={action.error} />
      <div className="buttons">
        <button type="submit" className="button" disabled={action.busy}>
          Save
        </button>
      </div>
    </form>
  );
}
