// A form's exports: CSV or XLSX read as they stream, with progress (CSV rows against the form's count, XLSX bytes),
// cancellable, saved under the platform's file name; a refusal (XLSX not offered yet: 400) shown as the platform says.
import { useEffect, useRef, useState } from 'react';
import { formatSize } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { ErrorNotice } from '../ui/widgets.js';
import { BrokenDownload, downloadFile, isAbort, type Progress, saveFile } from './download.js';

type Format = 'csv' | 'xlsx';

type State =
  | { kind: 'idle' }
  | { kind: 'running'; format: Format; progress: Progress }
  | { kind: 'done'; name: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown };

export function ExportPanel(props: { org: string; slug: string; form: string; count: number }) {
  const { api, fetchFile } = useSignedIn();
  const { t, language } = useLanguage();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);
  // Leaving the page (or picking another form: the panel is keyed by it) stops a download nobody waits for.
  useEffect(
    () => () => {
      const controller = running.current;
      running.current = null;
      controller?.abort();
    },
    [],
  );

  const start = async (format: Format) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'running', format, progress: { bytes: 0, records: 0 } });
    const url = api.url('GET /api/v1/orgs/:org/apps/:slug/responses/export', {
      params: { org: props.org, slug: props.slug },
      query: { form: props.form, format },
    });
    try {
      const file = await downloadFile(
        fetchFile,
        {
          url,
          signal: controller.signal,
          fallbackName: `${props.slug}-${props.form}.${format}`,
          countRecords: format === 'csv',
        },
        (progress) => {
          if (running.current === controller) setState({ kind: 'running', format, progress });
        },
      );
      if (running.current !== controller) return;
      saveFile(file);
      setState({ kind: 'done', name: file.name });
    } catch (error) {
      if (running.current !== controller) return;
      setState(isAbort(error) ? { kind: 'cancelled' } : { kind: 'failed', error });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };
  const cancel = () => running.current?.abort();

  return (
    <section className="card" aria-labelledby="responses-export">
      <h2 id="responses-export">{t('responses.export.title')}</h2>
      <p className="muted">{t('responses.export.about')}</p>
      <div className="buttons">
        {(['csv', 'xlsx'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="button button-secondary"
            disabled={state.kind === 'running'}
            onClick={() => void start(format)}
          >
            {t(format === 'csv' ? 'responses.export.csv' : 'responses.export.xlsx')}
          </button>
        ))}
        {state.kind === 'running' && (
          <button type="button" className="button button-danger" onClick={cancel}>
            {t('responses.export.cancel')}
          </button>
        )}
      </div>
      {state.kind === 'running' && <ExportProgress state={state} total={props.count} language={language} />}
      <div role="status" data-testid="export-status">
        {state.kind === 'done' && <p>{t('responses.export.done', { name: state.name })}</p>}
        {state.kind === 'cancelled' && <p>{t('responses.export.cancelled')}</p>}
      </div>
      {state.kind === 'failed' &&
        (state.error instanceof BrokenDownload ? (
          <div className="notice notice-error" role="alert">
            {t('responses.export.broken')}
          </div>
        ) : (
          <ErrorNotice error={state.error} />
        ))}
    </section>
  );
}

/**
 * CSV: data rows (records past the heading) against the form's count, a determinate bar; XLSX cannot be counted
 * as it arrives, so its bar runs without a value and the text says the bytes so far.
 */
function ExportProgress(props: {
  state: Extract<State, { kind: 'running' }>;
  total: number;
  language: ReturnType<typeof useLanguage>['language'];
}) {
  const { t } = useLanguage();
  const { format, progress } = props.state;
  const number = new Intl.NumberFormat(props.language);
  if (format === 'csv') {
    // More rows than counted when the page loaded (responses sent meanwhile) stretch the whole, never past 100 %.
    const rows = Math.max(0, progress.records - 1);
    const total = Math.max(props.total, rows);
    return (
      <p className="responses-progress">
        <progress max={Math.max(1, total)} value={rows} aria-label={t('responses.export.label')} />{' '}
        <span data-testid="export-progress">
          {t('responses.export.rows', { rows: number.format(rows), total: number.format(total) })}
        </span>
      </p>
    );
  }
  return (
    <p className="responses-progress">
      <progress aria-label={t('responses.export.label')} />{' '}
      <span data-testid="export-progress">
        {t('responses.export.bytes', { size: formatSize(props.language, progress.bytes) })}
      </span>
    </p>
  );
}
