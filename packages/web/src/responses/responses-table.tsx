// A form's responses newest first, a page at a time ("Load more" follows the cursor), between two days the owner
// picks; a column per field, then who sent it; deleting one after a confirmation.
import type { Collection, FormResponse } from '@miniapps/contract';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { useAction } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';
import { type FileUrl, ResponseValue } from './response-value.js';

const PAGE = 50;

/** Created at or after `from`, before `to`: instants, as the API takes them. */
interface Range {
  from?: string;
  to?: string;
}

/**
 * The instants of two days in the browser's zone: the first day's start, and the start of the day after the last
 * (the API's `to` is exclusive, the owner's last day inclusive).
 */
function rangeOf(fromDay: string, toDay: string): Range {
  const range: Range = {};
  if (fromDay) range.from = new Date(`${fromDay}T00:00`).toISOString();
  if (toDay) {
    const end = new Date(`${toDay}T00:00`);
    end.setDate(end.getDate() + 1);
    range.to = end.toISOString();
  }
  return range;
}

interface Pages {
  responses: FormResponse[];
  next: string | null;
  loading: boolean;
  error: unknown;
}

/** The pages loaded so far; a new form or range starts again, and the latest request wins. */
function useResponsePages(org: string, slug: string, form: string, range: Range) {
  const { api } = useSignedIn();
  const [pages, setPages] = useState<Pages>({ responses: [], next: null, loading: true, error: undefined });
  const ticket = useRef(0);
  const load = useCallback(
    (cursor: string | undefined) => {
      const mine = ++ticket.current;
      setPages((p) => ({ ...p, loading: true, error: undefined }));
      api
        .request('GET /api/v1/orgs/:org/apps/:slug/responses', {
          params: { org, slug },
          query: { form, limit: PAGE, ...range, ...(cursor !== undefined && { cursor }) },
        })
        .then(
          (page) =>
            mine === ticket.current &&
            setPages((p) => ({
              responses: cursor === undefined ? page.responses : [...p.responses, ...page.responses],
              next: page.nextCursor,
              loading: false,
              error: undefined,
            })),
          (error: unknown) => mine === ticket.current && setPages((p) => ({ ...p, loading: false, error })),
        );
    },
    [api, org, slug, form, range],
  );
  useEffect(() => {
    setPages({ responses: [], next: null, loading: true, error: undefined });
    load(undefined);
  }, [load]);
  const drop = (id: string) =>
    setPages((p) => ({ ...p, responses: p.responses.filter((response) => response.id !== id) }));
  return { ...pages, more: () => pages.next !== null && load(pages.next), drop };
}

export function ResponsesTable(props: {
  org: string;
  slug: string;
  collection: Collection;
  fileUrl: (response: FormResponse) => FileUrl;
  /** A response was deleted: the counts and charts are read again. */
  onDeleted(): void;
}) {
  const { org, slug, collection } = props;
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const format = useFormat();
  const [days, setDays] = useState({ from: '', to: '' });
  const [range, setRange] = useState<Range>({});
  const [rangeError, setRangeError] = useState(false);
  const pages = useResponsePages(org, slug, collection.name, range);
  const action = useAction();
  const [deleted, setDeleted] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const wrong = days.from !== '' && days.to !== '' && days.from > days.to;
    setRangeError(wrong);
    if (!wrong) setRange(rangeOf(days.from, days.to));
  };
  const clear = () => {
    setDays({ from: '', to: '' });
    setRangeError(false);
    setRange({});
  };
  const remove = (response: FormResponse) => {
    if (!window.confirm(t('responses.confirmDelete', { date: format.date(response.createdAt) }))) return;
    setDeleted(false);
    void action.run(async () => {
      await api.request('DELETE /api/v1/orgs/:org/apps/:slug/responses/:id', {
        params: { org, slug, id: response.id },
      });
      pages.drop(response.id);
      setDeleted(true);
      // The button is gone: focus goes back to the section's heading, the status line says what happened.
      heading.current?.focus();
      props.onDeleted();
    });
  };

  // Columns: the form's fields, then any value the loaded responses carry that the current form no longer states.
  const declared = collection.fields.map((field) => ({ name: field.name, label: field.label ?? field.name }));
  const known = new Set(declared.map((column) => column.name));
  const extra = [...new Set(pages.responses.flatMap((response) => Object.keys(response.values)))]
    .filter((name) => !known.has(name))
    .map((name) => ({ name, label: name }));
  const columns = [...declared, ...extra];
  const filtered = range.from !== undefined || range.to !== undefined;

  return (
    <section className="card" aria-labelledby="responses-table">
      <h2 id="responses-table" ref={heading} tabIndex={-1}>
        {t('responses.table.title')}
      </h2>
      <form className="responses-filter" onSubmit={apply}>
        <fieldset>
          <legend>{t('responses.filter.legend')}</legend>
          <div className="responses-filter-row">
            <label>
              {t('responses.filter.from')}{' '}
              <input
                type="date"
                name="from"
                value={days.from}
                onChange={(e) => setDays((d) => ({ ...d, from: e.target.value }))}
              />
            </label>
            <label>
              {t('responses.filter.to')}{' '}
              <input
                type="date"
                name="to"
                value={days.to}
                onChange={(e) => setDays((d) => ({ ...d, to: e.target.value }))}
              />
            </label>
            <button type="submit" className="button">
              {t('responses.filter.apply')}
            </button>
            <button type="button" className="button button-secondary" onClick={clear}>
              {t('responses.filter.clear')}
            </button>
          </div>
        </fieldset>
      </form>
      {rangeError && (
        <div className="notice notice-error" role="alert">
          {t('responses.filter.badRange')}
        </div>
      )}
      <div role="status">{deleted && <p>{t('responses.deleted')}</p>}</div>
      <ErrorNotice error={action.error} />
      {pages.responses.length === 0 ? (
        pages.loading ? (
          <Loading />
        ) : pages.error ? null : (
          <p className="muted" data-testid="responses-empty">
            {t(filtered ? 'responses.emptyRange' : 'responses.empty')}
          </p>
        )
      ) : (
        <table className="table responses-table" data-testid="responses-rows">
          <caption className="visually-hidden">
            {t('responses.table.caption', { form: collection.name })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('responses.col.time')}</th>
              {columns.map((column) => (
                <th scope="col" key={column.name}>
                  {column.label}
                </th>
              ))}
              <th scope="col">{t('responses.col.appUser')}</th>
              <th scope="col">{t('responses.col.profile')}</th>
              <th scope="col">{t('responses.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {pages.responses.map((response) => (
              <tr key={response.id} data-response={response.id}>
                <td data-label={t('responses.col.time')}>
                  {format.date(response.createdAt)}
                  {response.updatedAt !== response.createdAt && (
                    <>
                      <br />
                      <span className="muted">
                        {t('responses.edited', { date: format.date(response.updatedAt) })}
                      </span>
                    </>
                  )}
                </td>
                {columns.map((column) => (
                  <td key={column.name} data-label={column.label} data-field={column.name}>
                    <ResponseValue value={response.values[column.name]} fileUrl={props.fileUrl(response)} />
                  </td>
                ))}
                <td data-label={t('responses.col.appUser')}>
                  <code>{response.appUserId}</code>
                </td>
                <td data-label={t('responses.col.profile')}>
                  {profileText(response.profile) || <span className="muted">—</span>}
                </td>
                <td data-label={t('responses.col.actions')}>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={action.busy}
                    aria-label={t('responses.deleteLabel', { date: format.date(response.createdAt) })}
                    onClick={() => remove(response)}
                  >
                    {t('responses.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorNotice error={pages.error} />
      {pages.responses.length > 0 && (
        <div className="buttons responses-more">
          <span className="muted" data-testid="responses-shown">
            {filtered
              ? t('responses.shownOnly', { shown: format.number(pages.responses.length) })
              : t('responses.shown', {
                  shown: format.number(pages.responses.length),
                  count: format.number(Math.max(collection.count, pages.responses.length)),
                })}
          </span>
          {pages.next !== null && (
            <button
              type="button"
              className="button button-secondary"
              disabled={pages.loading}
              onClick={pages.more}
            >
              {t('responses.loadMore')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function profileText(profile: FormResponse['profile']): string {
  return [profile.name, profile.email, profile.course, profile.group].filter(Boolean).join(' · ');
}
