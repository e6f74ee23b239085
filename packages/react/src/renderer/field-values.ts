// Reads one scalar or address field of a node by its registry spec; a value that does not fit counts as absent.
import { appPathProblem } from '@miniapps/host';
import type { FieldSpec } from '@miniapps/schema';
import { isLoadableImage } from './safe-urls.js';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A path on the app (or its origin) that stays in the app once a browser reads it: the app-path rule of
 * @miniapps/host, shared with the validator and the host kit (encoded dots, backslashes, tabs… are refused).
 */
export function isLocalPath(value: unknown): value is string {
  return appPathProblem(value) === undefined;
}

/** A string meant as a path that would leave the app (`/%2e%2e/…`): an attack to refuse loudly, not a typo. */
export function leavesApp(value: unknown): value is string {
  const problem = appPathProblem(value);
  return problem !== undefined && problem !== 'not_a_path';
}

/** An absolute address with one of the allowed schemes: with a host, or an inline raster image (`data:`). */
export function isAbsoluteUrl(value: unknown, schemes: readonly string[]): value is string {
  if (typeof value !== 'string') return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const scheme = url.protocol.slice(0, -1);
  if (!schemes.includes(scheme)) return false;
  return scheme === 'data' ? isLoadableImage(value) : url.host !== '';
}

function fitsNumber(
  spec: { kind: 'number' | 'integer'; minimum?: number; maximum?: number },
  value: unknown,
) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (spec.kind === 'integer' && !Number.isInteger(value)) return false;
  if (spec.minimum !== undefined && value < spec.minimum) return false;
  return spec.maximum === undefined || value <= spec.maximum;
}

/** The value when it fits the spec, otherwise undefined. Slots are not read here (see resolve.ts). */
export function readField(spec: FieldSpec, value: unknown): unknown {
  if (value === undefined) return undefined;
  switch (spec.kind) {
    case 'string':
      return typeof value === 'string' && (spec.maxLength === undefined || value.length <= spec.maxLength)
        ? value
        : undefined;
    case 'number':
    case 'integer':
      return fitsNumber(spec, value) ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'enum':
      return spec.values.includes(value as string | number) ? value : undefined;
    case 'enum[]':
      // The values that fit, in order; none that fit counts as absent.
      if (!Array.isArray(value)) return undefined;
      return value.some((item) => spec.values.includes(item))
        ? value.filter((item) => spec.values.includes(item))
        : undefined;
    case 'url':
      return isAbsoluteUrl(value, spec.schemes) ? value : undefined;
    case 'relativeUrl':
    case 'path':
      return isLocalPath(value) ? value : undefined;
    default:
      return value;
  }
}
