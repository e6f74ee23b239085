// An app's metadata: name, listing, start path, permissions and (remote) origin; a change goes back to moderation.
// A hosted app's retention of form responses is set here too, and is not reviewed.

import {
  type App,
  DEFAULT_RESPONSE_RETENTION_DAYS,
  MAX_RESPONSE_RETENTION_DAYS,
  type Scope,
} from '@miniapps/contract';
import { type FormEvent, useState } from 'react';
import { messageKeys, useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { useAction } from '../ui/use-resource.js';
import { ErrorNotice } from '../ui/widgets.js';
import { inScopeOrder, ScopePicker } from './scope-picker.js';

/**
 * The platform's fixed categories (the server's apps/listing.ts refuses any other), in its order: the ones the
 * catalogues name (`category.<name>`), so each is listed once with its name in both languages.
 */
const CATEGORIES = messageKeys.filter((key) => key.startsWith('category.'));

export function AppSettingsForm({ app, onSaved }: { app: App; onSaved(): void }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const action = useAction();
  const [name, setName] = useState(app.name);
  const [startPath, setStartPath] = useState(app.startPath);
  const [origin, setOrigin] = useState(app.origin ?? '');
  const [scopes, setScopes] = useState<Scope[]>(app.scopes);
  const [icon, setIcon] = useState(app.icon ?? '');
  const [description, setDescription] = useState(app.description ?? '');
  const [category, setCategory] = useState(app.category ?? '');
  const [retention, setRetention] = useState(app.responseRetentionDays?.toString() ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      await api.request('PATCH /api/v1/orgs/:org/apps/:slug', {
        params: { org: app.organizationId, slug: app.slug },
        body: {
          name: name.trim(),
          startPath: startPath.trim(),
          scopes: inScopeOrder(scopes),
          icon: icon.trim() || null,
          description: description.trim() || null,
          category: category || null,
          ...(app.sourceKind === 'remote' && { origin: origin.trim() }),
          // Empty: the platform's default.
          ...(app.sourceKind === 'hosted' && { responseRetentionDays: retention ? Number(retention) : null }),
        },
      });
      onSaved();
    });
  };
  const live = app.live;
  return (
    <form className="form narrow" onSubmit={submit} aria-label={t('console.settings.label')}>
      {live && (live.origin !== app.origin || live.name !== app.name || live.startPath !== app.startPath) && (
        <p className="notice">
          {t('console.settings.approvedShown', {
            settings: [live.name, live.origin, live.startPath].filter(Boolean).join(', '),
          })}
        </p>
      )}
      <label>
        {t('console.name')}
        <input name="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t('console.settings.description')}
        <textarea
          name="description"
          rows={2}
          maxLength={200}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <label>
        {t('console.settings.icon')}
        <input name="icon" type="url" value={icon} onChange={(e) => setIcon(e.target.value)} />
      </label>
      <label>
        {t('console.settings.category')}
        <select name="category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">{t('console.settings.noCategory')}</option>
          {CATEGORIES.map((key) => (
            <option key={key} value={key.slice('category.'.length)}>
              {t(key)}
            </option>
          ))}
        </select>
      </label>
      {app.sourceKind === 'remote' && (
        <label>
          {t('console.origin')}
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
        {t('console.startPath')}
        <input name="startPath" required value={startPath} onChange={(e) => setStartPath(e.target.value)} />
      </label>
      <ScopePicker value={scopes} onChange={setScopes} />
      {app.sourceKind === 'hosted' && (
        <>
          <label>
            {t('console.settings.retention')}
            <input
              name="responseRetentionDays"
              type="number"
              min={1}
              max={MAX_RESPONSE_RETENTION_DAYS}
              step={1}
              placeholder={String(DEFAULT_RESPONSE_RETENTION_DAYS)}
              value={retention}
              onChange={(e) => setRetention(e.target.value)}
            />
          </label>
          <p className="muted">
            {t('console.settings.retentionHint', {
              days: DEFAULT_RESPONSE_RETENTION_DAYS,
              max: MAX_RESPONSE_RETENTION_DAYS,
            })}
          </p>
        </>
      )}
      <p className="muted">{t('console.settings.backToModeration')}</p>
      <ErrorNotice error={action.error} />
      <div className="buttons">
        <button type="submit" className="button" disabled={action.busy}>
          {t('console.settings.save')}
        </button>
      </div>
    </form>
  );
}
