// Management API: a hosted app's collections for its owners' console (their fields, counts and counts per option),
// for members of its organization only (404 to anyone else).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Collection, type CollectionField, responseFormEndpoints } from '@miniapps/contract/api';
import type { CollectingForm, ResponseFieldType } from '@miniapps/schema';
import { appForMember } from '../apps/access.js';
import { userOf } from '../auth/authenticate.js';
import type { Db } from '../db/database.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { aggregatesOf } from './aggregates.js';
import { collectionsOf } from './collections.js';
import { collectionRows } from './store.js';

// The contract's kinds are the schema's field types, neither more nor fewer.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const kindsAgree: Same<ResponseFieldType, CollectionField['kind']> = true;
void kindsAgree;

function fieldsOf(form: CollectingForm | undefined): CollectionField[] {
  return (form?.fields ?? []).map((field) => ({
    name: field.name,
    kind: field.type,
    required: field.required,
    ...(field.label !== undefined && { label: field.label }),
    ...(field.options !== undefined && { options: field.options }),
  }));
}

/**
 * The declared collections in the version's order, then the names that only have responses (a form the app no
 * longer has keeps its responses until deleted), by name.
 */
async function collectionsFor(db: Db, app: { id: string; version: number | null }): Promise<Collection[]> {
  const declared = await collectionsOf(db, app);
  const counted = await db
    .selectFrom('formResponses')
    .select(['form', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('appId', '=', app.id)
    .groupBy('form')
    .execute();
  const counts = new Map(counted.map((row) => [row.form, Number(row.count)]));
  const names = [...declared.keys(), ...[...counts.keys()].filter((name) => !declared.has(name)).sort()];
  const forms: Collection[] = [];
  for (const name of names) {
    const form = declared.get(name);
    const count = counts.get(name) ?? 0;
    // The choice fields' tallies are the in-app aggregates' own (free text never counted, every option from 0).
    const rows = form && count > 0 ? await collectionRows(db, app.id, name) : [];
    forms.push({
      name,
      declared: form !== undefined,
      fields: fieldsOf(form),
      count,
      capacity: form?.rules.capacity ?? null,
      closesAt: form?.rules.closesAt === undefined ? null : new Date(form.rules.closesAt).toISOString(),
      counts: form ? aggregatesOf(form, rows, '', false).counts : {},
    });
  }
  return forms;
}

export const responseFormRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const route = routesOf(app.prefix, responseFormEndpoints);

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug/responses/forms'),
    handler: async (request) => {
      const { org, slug } = request.params;
      const row = await appForMember(platform.db, org, slug, userOf(request));
      // The forms as the live version states them (the head's when nothing is live yet), as the export does.
      const version = row.liveVersion ?? row.version;
      return { ok: true as const, forms: await collectionsFor(platform.db, { id: row.id, version }) };
    },
  });
};
