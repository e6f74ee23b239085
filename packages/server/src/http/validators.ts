// Request validation: JSON bodies are checked as sent; query strings and path parameters, which are text on
// the wire, are coerced to the schema's types first (`?limit=20` is the integer 20).
import { Ajv, type Options } from 'ajv';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// ajv-formats is CommonJS: at run time the default import is the plugin, while its types describe the module.
const formatsExport = addFormatsModule as unknown as FormatsPlugin | { default: FormatsPlugin };
const addFormats: FormatsPlugin = typeof formatsExport === 'function' ? formatsExport : formatsExport.default;

function makeAjv(coerce: boolean): Ajv {
  const options: Options = {
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    addUsedSchema: false,
    // Fastify's own choice: with all errors collected, a crafted body can make validation slow.
    allErrors: false,
  };
  const ajv = new Ajv(options);
  addFormats(ajv);
  return ajv;
}

export function registerValidators(app: FastifyInstance): void {
  const strict = makeAjv(false);
  const coercing = makeAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? strict : coercing).compile(schema),
  );
}
