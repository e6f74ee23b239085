// Checks of one scalar or address field against its spec; slots are the walker's business.
import { type AppPathProblem, appPathProblem, isDotSegment, STORAGE_KEY_PATTERN } from '@miniapps/contract';
import { hasBinding } from './bindings.js';
import { DATA_IMAGE_PREFIX, type FieldSpec } from './field-kinds.js';
import type { ProblemCode } from './findings.js';

export interface FieldFault {
  code: ProblemCode;
  message: string;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

function checkUrl(value: string, schemes: readonly string[]): FieldFault | undefined {
  const allowed = schemes.join(' or ');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { code: 'url_scheme', message: `must be an absolute ${allowed} address` };
  }
  const scheme = url.protocol.slice(0, -1);
  if (!schemes.includes(scheme))
    return { code: 'url_scheme', message: `scheme "${scheme}" is not allowed; use ${allowed}` };
  if (scheme === 'data') {
    if (DATA_IMAGE_PREFIX.test(value)) return undefined;
    return { code: 'url_scheme', message: 'a data: address must hold a PNG, JPEG, GIF, WebP or AVIF image' };
  }
  if (url.hostname === '')
    return { code: 'url_scheme', message: `must be an absolute ${allowed} address with a host` };
  return undefined;
}

/** What the app-path rule (shared with the renderer and the host kit) says of an address, in a developer's words. */
const unsafeText: Record<Exclude<AppPathProblem, 'not_a_path' | 'authority'>, string> = {
  control: 'holds a control character (tab, newline…) that URL parsers drop',
  backslash: 'holds a backslash (raw or %5C), which browsers read as "/"',
  fragment: 'holds a "#"',
  bad_escape: 'holds a "%" that is not an escape of UTF-8',
  encoded_twice: 'is percent-encoded twice (%25…)',
  encoded_slash: 'hides a "/" inside a segment as %2F',
  dot_segment: 'has a "." or ".." segment once decoded (%2e, fullwidth dots and ";" parameters count)',
  query_dot_segment: 'has a query that reads as a path with ".." segments',
};

function checkLocal(value: string, code: 'bad_relative_url' | 'bad_path'): FieldFault | undefined {
  const what = code === 'bad_path' ? 'an app path' : "a path on the app's origin";
  const problem = appPathProblem(value);
  if (problem === undefined) return undefined;
  if (problem === 'not_a_path') return { code, message: `must be ${what} starting with a single "/"` };
  if (problem === 'authority') {
    return {
      code: 'unsafe_path',
      message: `must be ${what} starting with a single "/": "//" names another host`,
    };
  }
  return { code: 'unsafe_path', message: `leaves the app: it ${unsafeText[problem]}` };
}

/** A bound text with each binding as a plain word, so the static rest of an address can still be checked. */
function boundSample(value: string): string {
  return hasBinding(value) ? value.replace(/\$\{[^}]*\}?/g, 'x') : value;
}

/** The fault of a non-slot value, or undefined when it fits its spec. */
export function checkField(spec: FieldSpec, value: unknown): FieldFault | undefined {
  switch (spec.kind) {
    case 'data':
      return undefined;
    case 'binding':
    case 'statePath':
      // Their syntax is a binding error (bindingErrors), reported by the walker.
      return typeof value === 'string'
        ? undefined
        : { code: 'bad_value', message: `must be a string, not ${describe(value)}` };
    case 'url':
      if (typeof value !== 'string')
        return { code: 'bad_value', message: `must be a string, not ${describe(value)}` };
      // A bound address is known only when drawn; the renderer checks it then, as any address.
      if (hasBinding(value) && !value.startsWith('https://')) return undefined;
      return checkUrl(boundSample(value), spec.schemes);
    case 'relativeUrl':
    case 'path':
      if (typeof value !== 'string')
        return { code: 'bad_value', message: `must be a string, not ${describe(value)}` };
      if (value.startsWith('${')) return undefined;
      return checkLocal(boundSample(value), spec.kind === 'path' ? 'bad_path' : 'bad_relative_url');
    case 'string':
      if (typeof value !== 'string')
        return { code: 'bad_value', message: `must be a string, not ${describe(value)}` };
      if (spec.maxLength !== undefined && value.length > spec.maxLength) {
        return { code: 'bad_value', message: `must be at most ${spec.maxLength} characters` };
      }
      if (spec.segment && isDotSegment(value)) {
        return {
          code: 'unsafe_path',
          message: 'leaves the app: "." and ".." name no key but a folder above it',
        };
      }
      if (spec.segment) return checkStorageKey(value);
      return undefined;
    case 'boolean':
      return typeof value === 'boolean'
        ? undefined
        : { code: 'bad_value', message: `must be true or false, not ${describe(value)}` };
    case 'number':
    case 'integer':
      return checkNumber(spec.kind, spec.minimum, spec.maximum, value);
    case 'enum':
      return spec.values.includes(value as string | number)
        ? undefined
        : {
            code: 'bad_value',
            message: `must be one of ${spec.values.map((v) => JSON.stringify(v)).join(', ')}`,
          };
    case 'enum[]':
      return checkEnumList(spec.values, value);
    default:
      return undefined;
  }
}

/** A list of one or more of `values`, none twice (a fileField's accept). */
function checkEnumList(values: readonly (string | number)[], value: unknown): FieldFault | undefined {
  const allowed = `each one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  if (!Array.isArray(value) || value.length === 0) {
    return { code: 'bad_value', message: `must be a list of one or more values, ${allowed}` };
  }
  const wrong = value.find((item) => !values.includes(item as string | number));
  if (wrong !== undefined)
    return { code: 'bad_value', message: `${describe(wrong)} is not allowed: ${allowed}` };
  if (new Set(value).size !== value.length) return { code: 'bad_value', message: 'names a value twice' };
  return undefined;
}

/** The parts of a bound text outside its `${…}`: what is known before the values are. */
function literalParts(value: string): string[] {
  return value.split(/\$\{[^}]*\}?/);
}

/**
 * A storage key against the storage route's own rule (the contract's STORAGE_KEY_PATTERN). A bound key is known
 * only when the action runs: its literal parts must be of the allowed characters and not already too long.
 */
function checkStorageKey(value: string): FieldFault | undefined {
  const rule = '1 to 64 of A-Z a-z 0-9 _ . -';
  if (!hasBinding(value)) {
    return STORAGE_KEY_PATTERN.test(value)
      ? undefined
      : { code: 'bad_storage_key', message: `is not a storage key: ${rule}` };
  }
  const literal = literalParts(value).join('');
  if (literal === '' || STORAGE_KEY_PATTERN.test(literal)) return undefined;
  return { code: 'bad_storage_key', message: `holds text no storage key may hold (${rule})` };
}

function checkNumber(
  kind: 'number' | 'integer',
  minimum: number | undefined,
  maximum: number | undefined,
  value: unknown,
): FieldFault | undefined {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    (kind === 'integer' && !Number.isInteger(value))
  ) {
    return {
      code: 'bad_value',
      message: `must be ${kind === 'integer' ? 'an integer' : 'a number'}, not ${describe(value)}`,
    };
  }
  if (minimum !== undefined && value < minimum)
    return { code: 'bad_value', message: `must be at least ${minimum}` };
  if (maximum !== undefined && value > maximum)
    return { code: 'bad_value', message: `must be at most ${maximum}` };
  return undefined;
}
