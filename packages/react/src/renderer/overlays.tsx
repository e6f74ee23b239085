// What actions show over a page: toasts, the alert dialog and the error banner of a failed action.
import { useEffect, useRef } from 'react';
import { useMessages } from '../i18n/language.js';
import type { AlertRequest } from './action-env.js';

export interface Toast {
  id: number;
  message: string;
}

export function Toasts({ toasts }: { toasts: Toast[] }) {
  return (
    <div className="ma-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className="ma-toast" role="status">
          {toast.message}
        </div>
      ))}
    </div>
  );
}

export interface OpenAlert extends AlertRequest {
  answer(confirmed: boolean): void;
}

export function AlertDialog({ alert }: { alert: OpenAlert }) {
  const t = useMessages();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div className="ma-backdrop">
      <div
        className="ma-alert"
        role="alertdialog"
        aria-modal="true"
        aria-label={alert.title ?? alert.message}
      >
        {alert.title !== undefined && <h2 className="ma-alert-title">{alert.title}</h2>}
        <p>{alert.message}</p>
        <div className="ma-row ma-alert-buttons">
          {alert.cancelLabel !== undefined && (
            <button
              type="button"
              className="ma-button ma-button-secondary"
              onClick={() => alert.answer(false)}
            >
              {alert.cancelLabel}
            </button>
          )}
          <button
            ref={confirm}
            type="button"
            className="ma-button ma-button-primary"
            onClick={() => alert.answer(true)}
          >
            {alert.confirmLabel ?? t('ok')}
          </button>
        </div>
      </div>
    </div>
  );
}

export function ErrorBanner({
  message,
  code,
  onDismiss,
  onRetry,
}: {
  message: string;
  /** The host error's code when one caused it (`bad_path`), for hosts and tests to read. */
  code?: string | undefined;
  onDismiss(): void;
  /** Offers Try again (an action that needed the network). */
  onRetry?: (() => void) | undefined;
}) {
  const t = useMessages();
  return (
    <div className="ma-error" role="alert" data-error-code={code}>
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="ma-button ma-button-secondary" onClick={onRetry}>
          {t('tryAgain')}
        </button>
      )}
      <button type="button" className="ma-error-dismiss" aria-label={t('dismiss')} onClick={onDismiss}>
        ✕
      </button>
    </div>
  );
}

/** Shown while the app runs from what was kept, the platform out of reach: announced politely, not an alert. */
export function OfflineNote() {
  const t = useMessages();
  return (
    <p className="ma-offline" role="status" data-offline="">
      {t('offline.shown')}
    </p>
  );
}
