// The head version of an app (draft or in review) rendered as users would see it once approved.

import type { App } from '@miniapps/contract';
import { MiniAppRuntime } from '@miniapps/react';
import { type FormEvent, useMemo, useState } from 'react';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';

export function PreviewPanel({ app }: { app: App }) {
  const { host } = useSignedIn();
  const { t } = useLanguage();
  const source = useMemo(
    () => host.proxy.source({ org: app.organizationId, slug: app.slug }, { preview: true }),
    [host, app],
  );
  const [page, setPage] = useState<string | undefined>(undefined);
  const [draft, setDraft] = useState('');
  const [round, setRound] = useState(0);
  const open = (event: FormEvent) => {
    event.preventDefault();
    setPage(draft.trim() || undefined);
    setRound((n) => n + 1);
  };
  return (
    <section>
      <p className="muted">
        {app.sourceKind === 'hosted'
          ? t('console.preview.hosted', { version: app.version })
          : t('console.preview.remote', { origin: app.origin ?? '—' })}
      </p>
      <form className="form form-inline" onSubmit={open}>
        <input
          aria-label={t('console.preview.page')}
          placeholder={t('console.preview.pagePlaceholder')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button button-secondary">
          {t('console.preview.open')}
        </button>
      </form>
      <MiniAppRuntime
        key={`${round}`}
        source={source}
        startPath={app.startPath}
        initialPage={page}
        mode="development"
        title={t('console.preview.title', { name: app.name })}
      />
    </section>
  );
}
