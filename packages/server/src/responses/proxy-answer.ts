// The proxy's `responses` routes of a hosted app: submit a response, change one's own, read the aggregates.

import { MAX_RESPONSES_PER_APP } from '@miniapps/contract';
import { COLLECTION_NAME, type CollectingForm } from '@miniapps/schema';
import type { Db } from '../db/database.js';
import { AppError, methodNotAllowed } from '../errors.js';
import type { FileStore } from '../file-store/file-store.js';
import type { Clock } from '../infra/clock.js';
import type { RateQuotas } from '../quotas/rates.js';
import { quotaExceeded } from '../quotas/refusals.js';
import { aggregatesOf } from './aggregates.js';
import { collectionsOf } from './collections.js';
import { checkResponse } from './response-check.js';
import {
  forgetFiles,
  type KeptFile,
  refsByField,
  responseOfUpload,
  type SpooledUpload,
  storeFiles,
} from './response-files.js';
import {
  collectionRows,
  editResponse,
  isClosed,
  type Refusal,
  ruleRefusal,
  submitResponse,
} from './store.js';

const RESPONSE_ID = /^rsp_[A-Za-z0-9_-]{16}$/;

export interface ResponsesDeps {
  db: Db;
  clock: Clock;
  rateQuotas: RateQuotas;
  files: FileStore;
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
  /** A multipart response (with files), read only once the collection is known: undefined for JSON. */
  upload?: (() => Promise<SpooledUpload>) | undefined;
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
  const upload = req.upload === undefined ? undefined : await req.upload();
  try {
    return await keepResponse(deps, who, form, { id, now, body: req.body, upload });
  } finally {
    await upload?.dispose();
  }
}

/**
 * Checks a response (its values and files), then keeps it under the form's rules. Files are written to the store
 * before the response's row and deleted again when it is not kept, whatever refused it.
 */
async function keepResponse(
  deps: ResponsesDeps,
  who: Respondent,
  form: CollectingForm,
  sent: { id: string | undefined; now: Date; body: Buffer | undefined; upload: SpooledUpload | undefined },
): Promise<{ status: number; body: string }> {
  const { id, now, upload } = sent;
  const name = form.rules.name;
  const uploaded = upload === undefined ? undefined : responseOfUpload(upload, form.fields);
  const pending = uploaded?.files ?? [];
  const checked = checkResponse(uploaded === undefined ? sent.body : uploaded.body, form.fields, {
    refs: refsByField(pending),
    faults: uploaded?.faults ?? [],
    editing: id !== undefined,
  });
  if (isClosed(form.rules, now)) throw refusal('closed', form);
  await deps.rateQuotas.consume('responses_per_user', `${who.app.id}:${who.user.id}`);
  const version = who.app.version!;
  if (id !== undefined) {
    if (!form.rules.allowEdit) throw new AppError('forbidden', { key: 'responses.no_edit' });
    if (!RESPONSE_ID.test(id)) throw new AppError('not_found', { key: 'responses.not_found' });
  }
  // Files are not written for a response a rule refuses already (exact only in submitResponse, under the lock).
  if (id === undefined && pending.length > 0) {
    const early = await ruleRefusal(
      deps.db,
      { appId: who.app.id, form: name, userId: who.user.id },
      form.rules,
    );
    if (early) throw refusal(early, form);
  }
  const kept: KeptFile[] =
    upload === undefined ? [] : await storeFiles(deps.files, who.app.id, upload, pending);
  const keys = kept.map((file) => file.key);
  try {
    if (id !== undefined) {
      const fileFields = form.fields.filter((field) => field.type === 'files').map((field) => field.name);
      const edited = await editResponse(
        deps.db,
        { appId: who.app.id, form: name, userId: who.user.id, id },
        { values: checked.values, appVersion: version, fileFields, files: kept },
        now,
      );
      if (!edited) throw new AppError('not_found', { key: 'responses.not_found' });
      await forgetFiles(deps.files, edited.replaced);
      return json(200, { ...edited.stored, values: edited.values });
    }
    const stored = await submitResponse(
      deps.db,
      {
        app: { id: who.app.id, organizationId: who.app.organizationId, slug: who.app.slug },
        appId: who.app.id,
        form: name,
        userId: who.user.id,
        appUserId: who.appUserId,
        appVersion: version,
        values: checked.text,
        profile: JSON.stringify(who.profile),
        files: kept,
      },
      form.rules,
      now,
    );
    if (typeof stored === 'string') throw refusal(stored, form);
    return json(201, { ...stored, values: checked.values });
  } catch (error) {
    // Not kept (refused, or the database failed): its files go too.
    await forgetFiles(deps.files, keys);
    throw error;
  }
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
