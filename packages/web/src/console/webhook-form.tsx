// The form of a webhook endpoint: its https URL and the events it subscribes to (new, or a change).
import { type CreateWebhook, type WebhookEventType, webhookEventTypes } from '@miniapps/contract';
import { type FormEvent, useId, useState } from 'react';
import { useLanguage } from '../i18n/language.js';

/** The contract's create body, its events narrowed to the known ones the form offers. */
export type WebhookFormValues = CreateWebhook & { events: WebhookEventType[] };

export function WebhookForm(props: {
  initial?: WebhookFormValues;
  submitLabel: string;
  busy: boolean;
  onSubmit(values: WebhookFormValues): void;
  onCancel?(): void;
}) {
  const { t } = useLanguage();
  const id = useId();
  const [url, setUrl] = useState(props.initial?.url ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(props.initial?.events ?? [...webhookEventTypes]);
  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit({ url: url.trim(), events: webhookEventTypes.filter((e) => events.includes(e)) });
  };
  return (
    <form className="form webhook-form" onSubmit={submit}>
      <label htmlFor={`${id}-url`}>{t('webhooks.url')}</label>
      <input
        id={`${id}-url`}
        type="url"
        required
        placeholder="https://example.org/hooks/miniapps"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <fieldset>
        <legend>{t('webhooks.events')}</legend>
        {webhookEventTypes.map((event) => (
          <label key={event} className="checkbox">
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(e) => toggle(event, e.target.checked)}
            />{' '}
            {t(`webhooks.event.${event}`)} <code>{event}</code>
          </label>
        ))}
      </fieldset>
      <div className="buttons">
        <button type="submit" className="button" disabled={props.busy || events.length === 0}>
          {props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" className="button button-secondary" onClick={props.onCancel}>
            {t('webhooks.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
