// A hosted app's form responses in the developer console: pick a form, export it, read its answers by option as
// charts and its responses as a table.
import type { Collection, CollectionField, FormResponse } from '@miniapps/contract';
import { useState } from 'react';
import { AppCrumbs } from '../console/app-crumbs.js';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';
import { ExportPanel } from './export-panel.js';
import { OptionChart } from './option-chart.js';
import type { FileRef } from './response-value.js';
import { ResponsesTable } from './responses-table.js';
import './responses-page.css';

const CHARTED = new Set<CollectionField['kind']>(['choice', 'choices', 'boolean']);

export function ResponsesPage({ org, slug }: { org: string; slug: string }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const forms = useResource(
    () =>
      api
        .request('GET /api/v1/orgs/:org/apps/:slug/responses/forms', { params: { org, slug } })
        .then((answer) => answer.forms),
    [api, org, slug],
  );
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const list = forms.data ?? [];
  const current = list.find((form) => form.name === picked) ?? list[0];

  return (
    <div>
      <AppCrumbs org={org} slug={slug} />
      <h1>{t('responses.title')}</h1>
      <p className="muted">{t('responses.about')}</p>
      <ErrorNotice error={forms.error} />
      {forms.data === undefined ? (
        forms.error ? null : (
          <Loading />
        )
      ) : current === undefined ? (
        <p className="notice" data-testid="responses-none">
          {t('responses.none')}
        </p>
      ) : (
        <>
          <FormPicker forms={list} current={current} onPick={setPicked} />
          <CollectionSummary collection={current} />
          <ExportPanel key={current.name} org={org} slug={slug} form={current.name} count={current.count} />
          <Charts collection={current} />
          <ResponsesTable
            key={current.name}
            org={org}
            slug={slug}
            collection={current}
            fileUrl={(response: FormResponse) => (file: FileRef) =>
              api.url('GET /api/v1/orgs/:org/apps/:slug/responses/:id/files/:file', {
                params: { org, slug, id: response.id, file: file.id },
              })
            }
            onDeleted={forms.reload}
          />
        </>
      )}
    </div>
  );
}

function FormPicker(props: { forms: Collection[]; current: Collection; onPick(name: string): void }) {
  const { t } = useLanguage();
  return (
    <p className="form responses-picker">
      <label>
        {t('responses.form')}
        <select value={props.current.name} onChange={(event) => props.onPick(event.target.value)}>
          {props.forms.map((form) => (
            <option key={form.name} value={form.name}>
              {t('responses.formOption', { name: form.name, count: form.count })}
            </option>
          ))}
        </select>
      </label>
    </p>
  );
}

function CollectionSummary({ collection }: { collection: Collection }) {
  const { t } = useLanguage();
  const format = useFormat();
  const facts = [t('responses.count', { count: collection.count })];
  if (collection.capacity !== null) {
    facts.push(
      t('responses.capacity', {
        taken: format.number(collection.count),
        capacity: format.number(collection.capacity),
      }),
    );
  }
  if (collection.closesAt !== null) {
    const closed = Date.parse(collection.closesAt) <= Date.now();
    facts.push(
      t(closed ? 'responses.closed' : 'responses.closes', { date: format.date(collection.closesAt) }),
    );
  }
  return (
    <>
      <p data-testid="responses-summary">{facts.join(' · ')}</p>
      {!collection.declared && <p className="notice notice-warning">{t('responses.notDeclared')}</p>}
    </>
  );
}

function Charts({ collection }: { collection: Collection }) {
  const { t } = useLanguage();
  const charted = collection.fields.filter(
    (field) => CHARTED.has(field.kind) && collection.counts[field.name] !== undefined,
  );
  const optionLabel = (field: CollectionField) => (option: string) =>
    field.kind === 'boolean' ? t(option === 'true' ? 'responses.yes' : 'responses.no') : option;
  return (
    <section aria-labelledby="responses-charts">
      <h2 id="responses-charts">{t('responses.charts.title')}</h2>
      {charted.length === 0 ? (
        <p className="muted">{t('responses.charts.none')}</p>
      ) : (
        <>
          <p className="muted">{t('responses.charts.about')}</p>
          <div className="responses-charts">
            {charted.map((field) => (
              <OptionChart
                key={field.name}
                name={field.name}
                field={field.label ?? field.name}
                counts={collection.counts[field.name] ?? {}}
                optionLabel={optionLabel(field)}
                total={collection.count}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

export default ResponsesPage;
