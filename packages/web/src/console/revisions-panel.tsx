// A hosted app's revisions (the last 20): which is live and which is the head, a diff of any two, restore.
import { useState } from 'react';
import { appPath } from '../api/paths.js';
import type { App, Revision } from '../api/types.js';
import { ScreensDiff } from '../diff/diff-view.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice, formatDate, Loading } from '../ui/widgets.js';

interface RevisionList {
  version: number;
  liveVersion: number | null;
  revisions: Revision[];
}

/** The diff of two revisions' screens (members of the organization and moderators may read revisions). */
export function RevisionDiff({
  org,
  slug,
  from,
  to,
}: {
  org: string;
  slug: string;
  from: number;
  to: number;
}) {
  const { api } = useSignedIn();
  const base = `${appPath(org, slug)}/revisions`;
  const pair = useResource(
    () =>
      Promise.all(
        [from, to].map((v) =>
          api.get<{ revision: Revision }>(`${base}/${v}`).then((a) => a.revision.screens ?? []),
        ),
      ),
    [api, base, from, to],
  );
  if (pair.error) return <ErrorNotice error={pair.error} />;
  if (!pair.data) return <Loading what="the diff" />;
  return <ScreensDiff before={pair.data[0]!} after={pair.data[1]!} />;
}

export function RevisionsPanel({ app, onRestored }: { app: App; onRestored(): void }) {
  const { api } = useSignedIn();
  const base = `${appPath(app.organizationId, app.slug)}/revisions`;
  const list = useResource(() => api.get<RevisionList>(base), [api, base]);
  const restore = useAction();
  const [submit, setSubmit] = useState(true);
  const [compare, setCompare] = useState<{ from: number; to: number } | null>(null);
  const [restored, setRestored] = useState<string | null>(null);

  const doRestore = (version: number) =>
    restore.run(async () => {
      const answer = await api.post<{ version: number; status: string }>(`${base}/${version}/restore`, {
        submit,
      });
      setRestored(
        `Restored revision ${version} as version ${answer.version} (${answer.status.replace('_', ' ')}).`,
      );
      list.reload();
      onRestored();
    });

  if (list.error) return <ErrorNotice error={list.error} />;
  if (!list.data) return <Loading />;
  const { revisions, liveVersion, version: head } = list.data;
  return (
    <section>
      <p className="muted">
        Deploy with <code>miniapps deploy</code> or <code>POST /functions/v1/miniapp-deploy</code> and a
        deploy token (organizationId <code>{app.organizationId}</code>, slug <code>{app.slug}</code>). The
        last 20 revisions are kept.
      </p>
      {restored && (
        <p className="notice" role="status">
          {restored}
        </p>
      )}
      <ErrorNotice error={restore.error} />
      {revisions.length === 0 ? (
        <p className="muted">Nothing deployed yet.</p>
      ) : (
        <>
          <label className="check">
            <input type="checkbox" checked={submit} onChange={(e) => setSubmit(e.target.checked)} />
            Submit a restored revision for review (otherwise it is saved as a draft)
          </label>
          <table className="table" aria-label="Revisions">
            <thead>
              <tr>
                <th>Version</th>
                <th>Deployed</th>
                <th>Screens</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {revisions.map((revision, index) => {
                const previous = revisions[index + 1]?.version;
                return (
                  <tr key={revision.version} data-version={revision.version}>
                    <td>
                      {revision.version}
                      {revision.version === head && <span className="badge">head</span>}{' '}
                      {revision.version === liveVersion && (
                        <span className="badge badge-published">live</span>
                      )}
                      {revision.restoredFrom != null && (
                        <div className="muted">restored from {revision.restoredFrom}</div>
                      )}
                    </td>
                    <td>{formatDate(revision.createdAt)}</td>
                    <td>{revision.screenCount ?? revision.screens?.length ?? '—'}</td>
                    <td className="buttons">
                      {previous !== undefined && (
                        <button
                          type="button"
                          className="button button-secondary"
                          onClick={() => setCompare({ from: previous, to: revision.version })}
                        >
                          Diff with {previous}
                        </button>
                      )}
                      {liveVersion !== null &&
                        revision.version !== liveVersion &&
                        previous !== liveVersion && (
                          <button
                            type="button"
                            className="button button-secondary"
                            onClick={() => setCompare({ from: liveVersion, to: revision.version })}
                          >
                            Diff with live
                          </button>
                        )}
                      {revision.version !== head && (
                        <button
                          type="button"
                          className="button"
                          disabled={restore.busy}
                          onClick={() => doRestore(revision.version)}
                        >
                          Restore
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
      {compare && (
        <section>
          <h2>
            Version {compare.from} → {compare.to}
          </h2>
          <RevisionDiff org={app.organizationId} slug={app.slug} from={compare.from} to={compare.to} />
        </section>
      )}
    </section>
  );
}
