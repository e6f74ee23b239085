// Schemas of the deploy answer, shared by the deploy endpoint and revision restore.
import { Type } from 'typebox';

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

export const DeployReply = Type.Object({
  ok: Type.Literal(true),
  version: Type.Integer(),
  status: Type.String(),
  validation: ValidationSchema,
});

export const RestoreReply = Type.Object({
  ok: Type.Literal(true),
  version: Type.Integer(),
  status: Type.String(),
  restoredFrom: Type.Integer(),
  validation: ValidationSchema,
});

/** Documents the body; it is read by hand so each fault gets the contract's own code. */
export const DeployBodyDoc = Type.Object({
  organizationId: Type.Optional(Type.Unknown({ description: 'Owning organization (string, required)' })),
  slug: Type.Optional(Type.Unknown({ description: 'App slug (string, required)' })),
  submit: Type.Optional(
    Type.Unknown({ description: 'true: send to moderation; false or omitted: save as draft' }),
  ),
  screens: Type.Optional(Type.Unknown({ description: '1 to 30 items {path, title?, json}' })),
  data: Type.Optional(
    Type.Unknown({
      description:
        'Datasets {"<name>": <JSON>}: names of 1 to 64 a-z 0-9 _ - (else 422 bad_data), each at most 512 KB of ' +
        'JSON text and all files at most 2 MB (else 413 files_too_large); served to users at ' +
        '`GET /functions/v1/miniapp-proxy/{org}/{slug}/api/data/{name}`',
    }),
  ),
  strings: Type.Optional(
    Type.Unknown({
      description:
        'Locale strings {"<locale>": {"<key>": "<text>"}} for the t binding root (t.key) in screens: at most 20 locales (tags such as ' +
        'en, ru, pt-BR; the first is the default), 2000 keys each (a letter, then up to 63 letters, digits or _), ' +
        'texts of at most 4096 characters (else 422 bad_strings); counted in the 2 MB of files. A key a screen uses ' +
        'but a locale lacks is reported in validation.bindingErrors as missing_string. Served at ' +
        '`GET /functions/v1/miniapp-proxy/{org}/{slug}/strings` in the language of Accept-Language',
    }),
  ),
});
