// The app's kept revisions in the studio, each loadable into the editor without saving (a save keeps it).
import type { Revision, RevisionList, ScreenItem } from '@miniapps/contract';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice } from '../ui/widgets.js';

/** A revision read for the editor, with the head version a save of it is to be based on. */
export interface LoadedRevision {
  version: number;
  /** The head when it was loaded: saving then makes a new revision instead of being refused as stale. */
  head: number;
  screens: ScreenItem[];
  data: Revision['data'];
  strings: Revision['strings'];
}

export function StudioRevisions({
  org,
  slug,
  list,
  dirty,
  onLoad,
}: {
  org: string;
  slug: string;
  list: RevisionList;
  /** The editor holds edits not saved: loading over them asks first. */
  dirty: boolean;
  onLoad(loaded: LoadedRevision): void;
}) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const format = useFormat();
  const load = useAction();
  // Revisions name their author by id; the organization's members give the name. Without them the id shows.
  const authors = useResource(
    async () =>
      new Map(
        (await api.request('GET /api/v1/orgs/:org', { params: { org } })).members.map((member) => [
          member.userId,
          member.fullName ?? member.email,
        ]),
      ),
    [api, org],
  );

  const loadRevision = (version: number) => {
    if (dirty && !window.confirm(t('studio.revisions.confirm', { version }))) return;
    void load.run(async () => {
      const [{ revision }, now] = await Promise.all([
        api.request('GET /api/v1/orgs/:org/apps/:slug/revisions/:version', {
          params: { org, slug, version: String(version) },
        }),
        api.request('GET /api/v1/orgs/:org/apps/:slug/revisions', { params: { org, slug } }),
      ]);
      onLoad({
        version,
        head: now.version,
        screens: revision.screens ?? [],
        data: revision.data,
        strings: revision.strings,
      });
    });
  };

  if (list.revisions.length === 0) return <p className="muted">{t('studio.revisions.none')}</p>;
  return (
    <>
      <ErrorNotice error={load.error} />
      <table className="table" aria-label={t('studio.revisions.title')}>
        <thead>
          <tr>
            <th>{t('console.version')}</th>
            <th>{t('studio.revisions.saved')}</th>
            <th>{t('studio.revisions.author')}</th>
            <th>
              <span className="visually-hidden">{t('console.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.revisions.map((revision) => (
            <tr key={revision.version} data-version={revision.version}>
              <td>
                {revision.version}{' '}
                {revision.version === list.version && (
                  <span className="badge">{t('console.revisions.head')}</span>
                )}{' '}
                {revision.version === list.liveVersion && (
                  <span className="badge badge-published">{t('console.revisions.live')}</span>
                )}
                {revision.restoredFrom != null && (
                  <div className="muted">
                    {t('console.revisions.restoredFrom', { version: revision.restoredFrom })}
                  </div>
                )}
              </td>
              <td>{format.date(revision.createdAt)}</td>
              <td>
                {revision.createdBy === null
                  ? '—'
                  : (authors.data?.get(revision.createdBy) ?? revision.createdBy)}
              </td>
              <td>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={load.busy}
                  onClick={() => loadRevision(revision.version)}
                >
                  {t('studio.revisions.load')}
                  <span className="visually-hidden">
                    {' '}
                    {t('studio.revisions.which', { version: revision.version })}
                  </span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
