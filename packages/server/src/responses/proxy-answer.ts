// The proxy's `responses` routes of a hosted app: submit a response, change one's own, read the aggregates.

import { MAX_RESPONSES_PER_APP } from '@miniapps/contract';
import { COLLECTION_NAME, type CollectingForm } from '@miniapps/schema';
import type { Db } from '../db/database.js';
import { AppError, methodNotAllowed } from '../errors.js';
import type { Clock } from '../infra/clock.js';
import type { RateQuotas } from '../quotas/rates.js';
import { quotaExceeded } from '../quotas/refusals.js';
import { aggregatesOf } from './aggregates.js';
import { collectionsOf } from './collections.js';
import { checkResponse } from './response-check.js';
import { collectionRows, editResponse, isClosed, type Refusal, submitResponse } from './store.js';

const RESPONSE_ID = /^rsp_[A-Za-z0-9_-]{16}$/;

export interface ResponsesDeps {
  db: Db;
  clock: Clock;
  rateQuotas: RateQuotas;
}

/**
 * Who sends: the app (hosted, at its version in use), the user, the pseudonymous id the app knows them by, and
 * the profile values the user's granted scopes allow (the proxy makes them as for a remote app's headers).
 */
export interface Respondent {
  app: { id: string; organizationId: string; slug: string; version: number | null };
  user: { id: string };
  appUserId: string;
  profile: Record<string, string>;
}

export interface ResponsesRequest {
  method: string;
  /** The raw path after `responses`: `/{form}` or `/{form}/{id}`. */
  rawPath: string;
  body: Buffer | undefined;
}

export async function responsesAnswer(
  deps: ResponsesDeps,
  who: Respondent,
  req: ResponsesRequest,
): Promise<{ status: number; body: string }> {
  // Allowed names and ids need no percent-decoding: anything encoded is outside their patterns.
  const [name = '', id, ...rest] = req.rawPath.slice(1).split('/');
  if (rest.length > 0 || !COLLECTION_NAME.test(name)) throw noCollection(name);
  if (id === undefined && req.method === 'PUT') throw methodNotAllowed(req.method, 'GET, POST');
  if (id !== undefined && req.method !== 'PUT') throw methodNotAllowed(req.method, 'PUT');
  const form = (await collectionsOf(deps.db, who.app)).get(name);
  if (!form || who.app.version === null) throw noCollection(name);
  const now = new Date(deps.clock.now());
  if (req.method === 'GET') {
    const rows = await collectionRows(deps.db, who.app.id, name);
    return json(200, aggregatesOf(form, rows, who.user.id, isClosed(form.rules, now)));
  }
  const checked = checkResponse(req.body, form.fields);
  if (isClosed(form.rules, now)) throw refusal('closed', form);
  await deps.rateQuotas.consume('responses_per_user', `${who.app.id}:${who.user.id}`);
  if (id !== undefined) {
    if (!form.rules.allowEdit) throw new AppError('forbidden', { key: 'responses.no_edit' });
    if (!RESPONSE_ID.test(id)) throw new AppError('not_found', { key: 'responses.not_found' });
    const edited = await editResponse(
      deps.db,
      { appId: who.app.id, form: name, userId: who.user.id, id },
      { values: checked.text, appVersion: who.app.version },
      now,
    );
    if (!edited) throw new AppError('not_found', { key: 'responses.not_found' });
    return json(200, { ...edited, values: checked.values });
  }
  const stored = await submitResponse(
    deps.db,
    {
      app: { id: who.app.id, organizationId: who.app.organizationId, slug: who.app.slug },
      appId: who.app.id,
      form: name,
      userId: who.user.id,
      appUserId: who.appUserId,
      appVersion: who.app.version,
      values: checked.text,
      profile: JSON.stringify(who.profile),
    },
    form.rules,
    now,
  );
  if (typeof stored === 'string') throw refusal(stored, form);
  return json(201, { ...stored, values: checked.values });
}

function noCollection(name: string): AppError {
  const shown = name.slice(0, 64);
  return new AppError(
    'collection_not_found',
    { key: 'responses.no_collection', values: { name: shown } },
    { name: shown },
  );
}

/** A rule's refusal; a form's own closedMessage or fullMessage is the message as its author wrote it. */
function refusal(why: Refusal, form: CollectingForm): AppError {
  const { rules } = form;
  switch (why) {
    case 'closed':
      return new AppError('form_closed', rules.closedMessage ?? { key: 'responses.closed' }, {
        closesAt: new Date(rules.closesAt ?? 0).toISOString(),
      });
    case 'full':
      return new AppError(
        'form_full',
        rules.fullMessage ?? { key: 'responses.full', values: { capacity: rules.capacity ?? 0 } },
        { capacity: rules.capacity },
      );
    case 'limit':
      return new AppError(
        'response_limit',
        { key: 'responses.limit', values: { max: rules.maxPerUser ?? 0 } },
        { max: rules.maxPerUser },
      );
    case 'quota':
      return quotaExceeded('responses_per_app', MAX_RESPONSES_PER_APP);
  }
}

function json(status: number, fields: object): { status: number; body: string } {
  return { status, body: JSON.stringify({ ok: true, ...fields }) };
}
