// The head version of an app (draft or in review) rendered as users would see it once approved.
import { MiniAppRuntime } from '@miniapps/react';
import { type FormEvent, useMemo, useState } from 'react';
import type { App } from '../api/types.js';
import { useSignedIn } from '../session.js';

export function PreviewPanel({ app }: { app: App }) {
  const { host } = useSignedIn();
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
  const version = app.sourceKind === 'hosted' ? `version ${app.version}` : `origin ${app.origin}`;
  return (
    <section>
      <p className="muted">
        Preview of the head ({version}); unknown widgets show as placeholders. Only your organization and
        moderators see it.
      </p>
      <form className="form form-inline" onSubmit={open}>
        <input
          placeholder="Open a page, e.g. /menu"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button button-secondary">
          Open
        </button>
      </form>
      <MiniAppRuntime
        key={`${round}`}
        source={source}
        startPath={app.startPath}
        initialPage={page}
        mode="development"
        title={`${app.name} (preview)`}
      />
    </section>
  );
}
