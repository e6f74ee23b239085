// Small building blocks of the consoles: error notices, status badges, copy button, dialog, dates.
import { isHostError } from '@miniapps/host';
import { copyText } from '@miniapps/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { AppStatus } from '../api/types.js';

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

export function ErrorNotice({ error }: { error: unknown }) {
  if (error === undefined || error === null) return null;
  const code = isHostError(error) ? (error.sentCode ?? error.code) : undefined;
  return (
    <div className="notice notice-error" role="alert">
      {messageOf(error)}
      {code && <span className="notice-code"> ({code})</span>}
    </div>
  );
}

export function Loading({ what }: { what?: string }) {
  return <p className="muted">Loading{what ? ` ${what}` : ''}…</p>;
}

const statusLabels: Record<AppStatus, string> = {
  draft: 'Draft',
  pending_review: 'In review',
  published: 'Published',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

export function StatusBadge({ status }: { status: AppStatus }) {
  return <span className={`badge badge-${status}`}>{statusLabels[status] ?? status}</span>;
}

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () =>
    copyText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <button type="button" className="button button-secondary" onClick={copy}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text' : label}
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

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
