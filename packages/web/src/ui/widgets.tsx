// Small building blocks of the pages: error notices, loading line, status badges, copy button, dialog.

import type { AppStatus } from '@miniapps/contract';
import { isHostError } from '@miniapps/host';
import { copyText } from '@miniapps/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLanguage } from '../i18n/language.js';
import { useNames } from '../i18n/names.js';

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The message to show: the platform's own (already in the page's language, asked by Accept-Language), or for the
 * failures the host kit words itself in English (no connection, an answer that is not the platform's) the client's.
 */
function useErrorMessage(): (error: unknown) => string {
  const { t } = useLanguage();
  return (error) => {
    if (isHostError(error) && error.code === 'network_error') return t('error.network');
    if (isHostError(error) && error.sentCode === 'bad_answer')
      return t('error.badAnswer', { status: error.status });
    return messageOf(error);
  };
}

export function ErrorNotice({ error }: { error: unknown }) {
  const message = useErrorMessage();
  const { t } = useLanguage();
  if (error === undefined || error === null) return null;
  const code = isHostError(error) ? (error.sentCode ?? error.code) : undefined;
  return (
    <div className="notice notice-error" role="alert">
      {message(error)}
      {code && <span className="notice-code"> ({code})</span>}
      {/* The platform's message names the limit; the console adds who can change it. */}
      {code === 'quota_exceeded' && <p className="notice-hint">{t('error.quota')}</p>}
    </div>
  );
}

// data-loading marks the line, so a test waits for it to go in either language.
export function Loading() {
  const { t } = useLanguage();
  return (
    <p className="muted" data-loading="">
      {t('common.loading')}
    </p>
  );
}

export function StatusBadge({ status }: { status: AppStatus }) {
  const names = useNames();
  return <span className={`badge badge-${status}`}>{names.status(status)}</span>;
}

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useLanguage();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () =>
    copyText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <button type="button" className="button button-secondary" onClick={copy}>
      {state === 'copied'
        ? t('common.copied')
        : state === 'failed'
          ? t('common.copyFailed')
          : (label ?? t('common.copy'))}
    </button>
  );
}

export function Dialog(props: { title: string; children: ReactNode; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className="dialog" aria-label={props.title} onClose={props.onClose}>
      <h2>{props.title}</h2>
      {props.children}
    </dialog>
  );
}
