// The automation endpoints a deploy token calls: deploy a hosted app's screens, push to its subscribers.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import {
  MAX_DATASET_BYTES,
  MAX_FILES_BYTES,
  MAX_LOCALES,
  MAX_SCREENS,
  MAX_SLUG,
  MAX_STRING_KEYS,
  MAX_STRING_TEXT,
  MIN_SCREENS,
} from '../limits.js';
import { bearerSecurity, errorResponses } from './common.js';

const OccurrenceSchema = Type.Object({
  pointer: Type.String({ description: 'RFC 6901 pointer into the request body' }),
  kind: Type.Union([Type.Literal('widget'), Type.Literal('action')]),
  type: Type.Union([Type.String(), Type.Null()]),
  suggestion: Type.Optional(Type.String()),
  hint: Type.Optional(Type.String()),
});

const WarningSchema = Type.Object({
  pointer: Type.String(),
  code: Type.String(),
  message: Type.String(),
  suggestion: Type.Optional(Type.String()),
});

const BindingErrorSchema = Type.Object({
  pointer: Type.String({ description: 'RFC 6901 pointer to the string holding the binding' }),
  code: Type.Union([
    Type.Literal('malformed'),
    Type.Literal('unknown_root'),
    Type.Literal('outside_state'),
    Type.Literal('not_single_binding'),
    Type.Literal('missing_string'),
  ]),
  message: Type.String(),
});

/** What a deploy found in the screens: unknown types and findings that do not block it. */
export const ValidationSchema = Type.Object({
  unknownWidgets: Type.Array(Type.String(), { description: 'Unknown widget `type` values, each once' }),
  unknownActions: Type.Array(Type.String(), { description: 'Unknown `actionType` values, each once' }),
  occurrences: Type.Array(OccurrenceSchema, { description: 'Every unknown or missing type, with a pointer' }),
  warnings: Type.Array(WarningSchema, { description: 'Findings that do not block the deploy' }),
  bindingErrors: Type.Array(BindingErrorSchema, {
    description: 'Bindings that cannot work as written (reported, not blocking)',
  }),
  omitted: Type.Optional(
    Type.Object(
      {
        unknownWidgets: Type.Integer(),
        unknownActions: Type.Integer(),
        occurrences: Type.Integer(),
        warnings: Type.Integer(),
        bindingErrors: Type.Integer(),
      },
      { description: 'Findings left out past 1000 per list' },
    ),
  ),
});
export type Validation = Type.Static<typeof ValidationSchema>;

export const DeployReply = Type.Object({
  ok: Type.Literal(true),
  version: Type.Integer(),
  status: Type.String(),
  validation: ValidationSchema,
});
export type DeployAnswer = Type.Static<typeof DeployReply>;

const KB = 1024;
const MB = 1024 * 1024;

/** Documents the body; the server reads it by hand so each fault gets the contract's own code. */
export const DeployBodyDoc = Type.Object({
  organizationId: Type.Optional(Type.Unknown({ description: 'Owning organization (string, required)' })),
  slug: Type.Optional(Type.Unknown({ description: 'App slug (string, required)' })),
  submit: Type.Optional(
    Type.Unknown({ description: 'true: send to moderation; false or omitted: save as draft' }),
  ),
  screens: Type.Optional(
    Type.Unknown({ description: `${MIN_SCREENS} to ${MAX_SCREENS} items {path, title?, json}` }),
  ),
  data: Type.Optional(
    Type.Unknown({
      description:
        `Datasets {"<name>": <JSON>}: names of 1 to 64 a-z 0-9 _ - (else 422 bad_data), each at most ${MAX_DATASET_BYTES / KB} KB of ` +
        `JSON text and all files at most ${MAX_FILES_BYTES / MB} MB (else 413 files_too_large); served to users at ` +
        '`GET /functions/v1/miniapp-proxy/{org}/{slug}/api/data/{name}`',
    }),
  ),
  strings: Type.Optional(
    Type.Unknown({
      description:
        `Locale strings {"<locale>": {"<key>": "<text>"}} for the t binding root (t.key) in screens: at most ${MAX_LOCALES} locales (tags such as ` +
        `en, ru, pt-BR; the first is the default), ${MAX_STRING_KEYS} keys each (a letter, then up to 63 letters, digits or _), ` +
        `texts of at most ${MAX_STRING_TEXT} characters (else 422 bad_strings); counted in the ${MAX_FILES_BYTES / MB} MB of files. A key a screen uses ` +
        'but a locale lacks is reported in validation.bindingErrors as missing_string. Served at ' +
        '`GET /functions/v1/miniapp-proxy/{org}/{slug}/strings` in the language of Accept-Language',
    }),
  ),
});

export const NotifyBody = Type.Object({
  organizationId: Type.String({ minLength: 1, maxLength: MAX_SLUG }),
  slug: Type.String({ minLength: 1, maxLength: MAX_SLUG }),
  // Checked by the server, so a missing or overlong text is `bad_notification` (422), not a schema error.
  title: Type.Optional(Type.Unknown()),
  body: Type.Optional(Type.Unknown()),
  page: Type.Optional(Type.Unknown()),
});

export const NotifyReply = Type.Object({
  ok: Type.Literal(true),
  delivered: Type.Integer({ description: 'Users the push was accepted for: within quota, with a device' }),
  users: Type.Integer({ description: 'The audience: users who granted the notifications scope' }),
});
export type NotifyAnswer = Type.Static<typeof NotifyReply>;

export const automationEndpoints = defineEndpoints({
  'POST /functions/v1/miniapp-deploy': {
    summary: "Deploy a hosted app's screens, datasets and strings (deploy token)",
    description:
      'Replaces all screens, takes a revision and increases the version; `submit: true` sends the app to moderation, otherwise it is saved as a draft. Unknown widgets and actions do not block the deploy: they are listed in `validation`.',
    tags: ['automation'],
    security: bearerSecurity,
    body: DeployBodyDoc,
    response: { 200: DeployReply, ...errorResponses(400, 401, 413, 422, 429) },
  },
  'POST /functions/v1/miniapp-notify': {
    summary: 'Push a notification to the users who granted the app the notifications scope',
    tags: ['automation'],
    security: bearerSecurity,
    headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
    body: NotifyBody,
    response: { 200: NotifyReply, ...errorResponses(400, 401, 409, 422, 429, 503) },
  },
});
