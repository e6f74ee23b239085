// Localized strings of a hosted app: the `${t.key}` keys a screen uses, and those missing in a locale.
import { type BindingPath, hasBinding, isBindingFault, type PathStep, parseTemplate } from './bindings.js';
import type { BindingError } from './findings.js';
import { appendPointer } from './pointer.js';

/** A locale tag a deploy may carry: `en`, `ru`, `pt-BR` (language, then an optional region). */
export const LOCALE_TAG = /^[a-z]{2,3}(?:-[A-Z]{2})?$/;
/** A key of a locale's strings: what `${t.key}` names, one name without dots. */
export const STRING_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** One use of `${t.key}`: where (an RFC 6901 pointer) and which key. */
export interface StringUse {
  pointer: string;
  key: string;
}

/** The keys of `t` named in a path and in the bracketed paths inside it. */
function keysOf(path: BindingPath, found: string[]): void {
  if (path[0] === 't' && typeof path[1] === 'string') found.push(path[1]);
  for (const step of path.slice(1) as PathStep[]) if (Array.isArray(step)) keysOf(step as BindingPath, found);
}

/** Every `${t.key}` in a screen's strings, with its pointer; a malformed text is the walker's to report. */
export function stringUses(json: unknown, pointer = ''): StringUse[] {
  const uses: StringUse[] = [];
  const visit = (value: unknown, at: string, depth: number): void => {
    if (depth > 64) return;
    if (typeof value === 'string') {
      if (!hasBinding(value) || !value.includes('t.')) return;
      const template = parseTemplate(value);
      if (isBindingFault(template)) return;
      const keys: string[] = [];
      for (const part of template.parts) if (typeof part !== 'string') keysOf(part, keys);
      for (const key of keys) uses.push({ pointer: at, key });
    } else if (Array.isArray(value)) {
      value.forEach((entry, index) => {
        visit(entry, appendPointer(at, index), depth + 1);
      });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, entry] of Object.entries(value)) visit(entry, appendPointer(at, key), depth + 1);
    }
  };
  visit(json, pointer, 0);
  return uses;
}

/**
 * A key used but missing in a locale, once per use and locale (`missing_string`, reported like bindings, never a
 * blocker: the renderer falls back to the first locale, then to empty). Without any strings, every use is one.
 */
export function missingStrings(
  uses: readonly StringUse[],
  strings: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
): BindingError[] {
  const locales = Object.keys(strings);
  const errors: BindingError[] = [];
  for (const use of uses) {
    if (locales.length === 0) {
      errors.push({
        pointer: use.pointer,
        code: 'missing_string',
        message: `"t.${use.key}" is used but the app has no strings`,
      });
      continue;
    }
    for (const locale of locales) {
      if (!Object.hasOwn(strings[locale]!, use.key)) {
        errors.push({
          pointer: use.pointer,
          code: 'missing_string',
          message: `"t.${use.key}" is missing in locale "${locale}"`,
        });
      }
    }
  }
  return errors;
}
