// An app's metadata: name, listing, start path, permissions and (remote) origin; a change goes back to moderation.
import { type FormEvent, useState } from 'react';
import { appPath } from '../api/paths.js';
import type { App, Scope } from '../api/types.js';
import { useSignedIn } from '../session.js';
import { useAction } from '../ui/use-resource.js';
import { ErrorNotice } from '../ui/widgets.js';
import { inScopeOrder, ScopePicker } from './scope-picker.js';

/** The store listing of the app record (platforms before the listing answer without it). */
type Listed = App & { icon?: string | null; description?: string | null; category?: string | null };

/** The platform's fixed categories (the server's apps/listing.ts refuses any other). */
const CATEGORIES =
  'education schedule campus food events news library career sports health transport finance tools other';

export function AppSettingsForm({ app, onSaved }: { app: Listed; onSaved(): void }) {
  const { api } = useSignedIn();
  const action = useAction();
  const [name, setName] = useState(app.name);
  const [startPath, setStartPath] = useState(app.startPath);
  const [origin, setOrigin] = useState(app.origin ?? '');
  const [scopes, setScopes] = useState<Scope[]>(app.scopes);
  const [icon, setIcon] = useState(app.icon ?? '');
  const [description, setDescription] = useState(app.description ?? '');
  const [category, setCategory] = useState(app.category ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      await api.patch(appPath(app.organizationId, app.slug), {
        name: name.trim(),
        startPath: startPath.trim(),
        scopes: inScopeOrder(scopes),
        icon: icon.trim() || null,
        description: description.trim() || null,
        category: category || null,
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
      <label>
        Short description
        <textarea
          name="description"
          rows={2}
          maxLength={200}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <label>
        Icon (https address)
        <input name="icon" type="url" value={icon} onChange={(e) => setIcon(e.target.value)} />
      </label>
      <label>
        Category
        <select name="category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">None</option>
          {CATEGORIES.split(' ').map((name) => (
            <option key={name} value={name}>
              {name[0]!.toUpperCase() + name.slice(1)}
            </option>
          ))}
        </select>
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
