// A hosted app's revisions (the last 20): which is live and which is the head, a diff of any two, restore.

import type { App } from '@miniapps/contract';
import { REVISIONS_KEPT } from '@miniapps/contract';
import { useState } from 'react';
import { ScreensDiff } from '../diff/diff-view.js';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useRich } from '../i18n/rich.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';

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
  const pair = useResource(
    () =>
      Promise.all(
        [from, to].map((v) =>
          api
            .request('GET /api/v1/orgs/:org/apps/:slug/revisions/:version', {
              params: { org, slug, version: String(v) },
            })
            .then((a) => a.revision.screens ?? []),
        ),
      ),
    [api, org, slug, from, to],
  );
  if (pair.error) return <ErrorNotice error={pair.error} />;
  if (!pair.data) return <Loading />;
  return <ScreensDiff before={pair.data[0]!} after={pair.data[1]!} />;
}

export function RevisionsPanel({ app, onRestored }: { app: App; onRestored(): void }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const rich = useRich();
  const format = useFormat();
  const params = { org: app.organizationId, slug: app.slug };
  const list = useResource(
    () => api.request('GET /api/v1/orgs/:org/apps/:slug/revisions', { params }),
    [api, params.org, params.slug],
  );
  const restore = useAction();
  const [submit, setSubmit] = useState(true);
  const [compare, setCompare] = useState<{ from: number; to: number } | null>(null);
  const [restored, setRestored] = useState<string | null>(null);

  const doRestore = (version: number) =>
    restore.run(async () => {
      const answer = await api.request('POST /api/v1/orgs/:org/apps/:slug/revisions/:version/restore', {
        params: { ...params, version: String(version) },
        body: { submit },
      });
      setRestored(
        t('console.revisions.restored', { from: version, version: answer.version, status: answer.status }),
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
        {rich('console.revisions.howTo', { org: app.organizationId, slug: app.slug, keep: REVISIONS_KEPT })}
      </p>
      {restored && (
        <p className="notice" role="status">
          {restored}
        </p>
      )}
      <ErrorNotice error={restore.error} />
      {revisions.length === 0 ? (
        <p className="muted">{t('console.revisions.none')}</p>
      ) : (
        <>
          <label className="check">
            <input type="checkbox" checked={submit} onChange={(e) => setSubmit(e.target.checked)} />
            {t('console.revisions.submit')}
          </label>
          <table className="table" aria-label={t('console.revisions.label')}>
            <thead>
              <tr>
                <th>{t('console.version')}</th>
                <th>{t('console.revisions.deployed')}</th>
                <th>{t('console.revisions.screens')}</th>
                <th>
                  <span className="visually-hidden">{t('console.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {revisions.map((revision, index) => {
                const previous = revisions[index + 1]?.version;
                const screens = revision.screenCount ?? revision.screens?.length;
                return (
                  <tr key={revision.version} data-version={revision.version}>
                    <td>
                      {revision.version}
                      {revision.version === head && (
                        <span className="badge">{t('console.revisions.head')}</span>
                      )}{' '}
                      {revision.version === liveVersion && (
                        <span className="badge badge-published">{t('console.revisions.live')}</span>
                      )}
                      {revision.restoredFrom != null && (
                        <div className="muted">
                          {t('console.revisions.restoredFrom', { version: revision.restoredFrom })}
                        </div>
                      )}
                    </td>
                    <td>{format.date(revision.createdAt)}</td>
                    <td>{screens === undefined ? '—' : format.number(screens)}</td>
                    <td className="buttons">
                      {previous !== undefined && (
                        <button
                          type="button"
                          className="button button-secondary"
                          onClick={() => setCompare({ from: previous, to: revision.version })}
                        >
                          {t('console.revisions.diffWith', { version: previous })}
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
                            {t('console.revisions.diffWithLive')}
                          </button>
                        )}
                      {revision.version !== head && (
                        <button
                          type="button"
                          className="button"
                          disabled={restore.busy}
                          onClick={() => doRestore(revision.version)}
                        >
                          {t('console.revisions.restore')}
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
          <h2>{t('console.revisions.compare', compare)}</h2>
          <RevisionDiff org={app.organizationId} slug={app.slug} from={compare.from} to={compare.to} />
        </section>
      )}
    </section>
  );
}
