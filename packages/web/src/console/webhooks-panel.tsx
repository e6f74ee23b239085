// An app's webhooks in the console: endpoints (secret shown once), their events and URL, test send, the delivery log.

import type { App, Webhook } from '@miniapps/contract';
import { useState } from 'react';
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { CopyButton, ErrorNotice, Loading } from '../ui/widgets.js';
import { WebhookDeliveries } from './webhook-deliveries.js';
import { WebhookForm, type WebhookFormValues } from './webhook-form.js';
import { outcomeOf } from './webhook-types.js';

/** Why an endpoint is off, in the reader's language. */
function DisabledNotice({ webhook }: { webhook: Webhook }) {
  const { t } = useLanguage();
  const format = useFormat();
  const off = webhook.disabled;
  if (!off) return null;
  const text =
    off.reason === 'failing'
      ? t('webhooks.disabledFailing', {
          date: format.date(off.at),
          since: format.date(off.failingSince ?? off.at),
          last: outcomeOf(off.lastError ?? null, off.lastStatus ?? null),
        })
      : t('webhooks.disabledByHand', { date: format.date(off.at) });
  return (
    <p className="notice notice-warning" data-testid="webhook-disabled">
      {text}
    </p>
  );
}

function WebhookItem({ webhook, app, onChanged }: { webhook: Webhook; app: App; onChanged(): void }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const format = useFormat();
  const action = useAction();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [logRound, setLogRound] = useState(0);
  const params = { org: app.organizationId, slug: app.slug, id: webhook.id };
  const save = (values: WebhookFormValues) =>
    action.run(async () => {
      await api.request('PATCH /api/v1/orgs/:org/apps/:slug/webhooks/:id', { params, body: values });
      setEditing(false);
      onChanged();
    });
  const setEnabled = (enabled: boolean) =>
    action.run(async () => {
      await api.request('PATCH /api/v1/orgs/:org/apps/:slug/webhooks/:id', { params, body: { enabled } });
      onChanged();
    });
  const remove = () => {
    if (!window.confirm(t('webhooks.confirmDelete', { url: webhook.url }))) return;
    void action.run(async () => {
      await api.request('DELETE /api/v1/orgs/:org/apps/:slug/webhooks/:id', { params });
      onChanged();
    });
  };
  const test = () =>
    action.run(async () => {
      await api.request('POST /api/v1/orgs/:org/apps/:slug/webhooks/:id/test', { params });
      setShowLog(true);
      setLogRound((n) => n + 1);
    });
  return (
    <article className="webhook" data-testid="webhook">
      <p>
        <code className="webhook-url">{webhook.url}</code>
      </p>
      <p className="muted">
        {t('webhooks.subscribed')} {webhook.events.map((e) => t(`webhooks.event.${e}`)).join(', ')}
      </p>
      {webhook.failingSince && !webhook.disabled && (
        <p className="notice notice-warning">
          {t('webhooks.failingSince', { date: format.date(webhook.failingSince) })}
        </p>
      )}
      <DisabledNotice webhook={webhook} />
      <ErrorNotice error={action.error} />
      {editing ? (
        <WebhookForm
          initial={{ url: webhook.url, events: webhook.events }}
          submitLabel={t('webhooks.save')}
          busy={action.busy}
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="buttons">
          <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
            {t('webhooks.edit')}
          </button>
          {webhook.disabled ? (
            <button type="button" className="button" onClick={() => setEnabled(true)} disabled={action.busy}>
              {t('webhooks.enable')}
            </button>
          ) : (
            <button type="button" className="button button-secondary" onClick={test} disabled={action.busy}>
              {t('webhooks.sendTest')}
            </button>
          )}
          <button type="button" className="button button-secondary" onClick={() => setShowLog((s) => !s)}>
            {t(showLog ? 'webhooks.hideDeliveries' : 'webhooks.showDeliveries')}
          </button>
          <button type="button" className="button button-danger" onClick={remove} disabled={action.busy}>
            {t('webhooks.delete')}
          </button>
        </div>
      )}
      {showLog && <WebhookDeliveries key={logRound} params={params} canRetry={!webhook.disabled} />}
    </article>
  );
}

export function WebhooksPanel({ app }: { app: App }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const params = { org: app.organizationId, slug: app.slug };
  const list = useResource(
    () => api.request('GET /api/v1/orgs/:org/apps/:slug/webhooks', { params }),
    [api, params.org, params.slug],
  );
  const action = useAction();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const create = (values: WebhookFormValues) =>
    action.run(async () => {
      const made = await api.request('POST /api/v1/orgs/:org/apps/:slug/webhooks', { params, body: values });
      setSecret(made.secret);
      setAdding(false);
      list.reload();
    });
  return (
    <section className="narrow webhooks" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{t('webhooks.title')}</h2>
      <p className="muted">{t('webhooks.about')}</p>
      {secret && (
        <div className="notice notice-secret" role="status">
          <p>{t('webhooks.copySecret')}</p>
          <div className="secret-row">
            <code className="secret" data-testid="webhook-secret">
              {secret}
            </code>
            <CopyButton text={secret} />
          </div>
          <button type="button" className="button button-secondary" onClick={() => setSecret(null)}>
            {t('webhooks.stored')}
          </button>
        </div>
      )}
      {list.error ? (
        <ErrorNotice error={list.error} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.webhooks.length === 0 ? (
        <p>{t('webhooks.none')}</p>
      ) : (
        list.data.webhooks.map((w) => (
          <WebhookItem key={w.id} webhook={w} app={app} onChanged={list.reload} />
        ))
      )}
      <ErrorNotice error={action.error} />
      {adding ? (
        <WebhookForm
          submitLabel={t('webhooks.create')}
          busy={action.busy}
          onSubmit={create}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <div className="buttons">
          <button type="button" className="button" onClick={() => setAdding(true)}>
            {t('webhooks.add')}
          </button>
        </div>
      )}
    </section>
  );
}
