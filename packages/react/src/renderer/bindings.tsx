// What `${path}` bindings read where a widget is drawn: page state, app storage, params, launch, list locals.

import {
  type BindingPath,
  type BindingRoot,
  bindingText,
  concretePath,
  fillTemplate,
  hasBinding,
  isBindingFault,
  isDynamicPath,
  lookupPath,
  parseTemplate,
  type Template,
} from '@miniapps/schema';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { LaunchContext } from './launch-context.js';
import type { ValueStore } from './value-store.js';

/** The launch context of a running app: `${launch.startParam}` and the rest. */

/** Where bindings of one place in a page are read from. */
export interface BindingScope {
  /** The page's state, rooted at `state`. */
  state: ValueStore;
  /** The app's storage for this user, rooted at `storage`, and its strings in the user's language, at `t`. */
  storage: ValueStore;
  /** The page's params, the app's launch context and what the device can do, fixed while the page lives. */
  fixed: {
    params: Record<string, string>;
    launch: LaunchContext;
    /** `${host.capabilities.scanCode}`: true or false for each capability (device.ts). */
    host?: { capabilities: Readonly<Record<string, boolean>> };
  };
  /** `item` and `index` inside a list template; `result`, `error`, `form` while actions run. */
  locals: Partial<Record<BindingRoot, unknown>>;
}

/** A path whose bracketed paths have been replaced by their values (see concretePath). */
export type ConcretePath = readonly (string | number)[];

/** The value at a path; a bracketed path inside it is read first, in the same scope. */
export function readBinding(scope: BindingScope, path: BindingPath): unknown {
  const concrete = concreteOf(path, (inner) => readBinding(scope, inner));
  return concrete ? readConcrete(scope, concrete) : undefined;
}

export function concreteOf(
  path: BindingPath,
  read: (path: BindingPath) => unknown,
): ConcretePath | undefined {
  return isDynamicPath(path) ? concretePath(path, read) : (path as ConcretePath);
}

export function readConcrete(scope: BindingScope, path: ConcretePath): unknown {
  const root = path[0] as BindingRoot;
  switch (root) {
    case 'state':
      return scope.state.get(path);
    case 'storage':
    case 't': // the app's strings in the user's language, kept beside the storage (runtime.tsx)
    case 'responses': // a hosted app's collections' aggregates, loaded with the pages that use them
      return scope.storage.get(path);
    case 'params':
    case 'launch':
      return lookupPath(scope.fixed[root], path, 1);
    case 'host':
      // Every known capability reads true or false (screen-renderer.ts): a `visibleIf` gets a plain answer.
      return lookupPath(scope.fixed.host, path, 1);
    default:
      return Object.hasOwn(scope.locals, root) ? lookupPath(scope.locals[root], path, 1) : undefined;
  }
}

const templates = new Map<string, Template | null>();
const MAX_CACHED = 10_000;

/** The parsed template of a text, cached (screens repeat the same texts); null when it is malformed. */
export function templateOf(text: string): Template | null {
  let template = templates.get(text);
  if (template === undefined) {
    const parsed = parseTemplate(text);
    template = isBindingFault(parsed) ? null : parsed;
    if (templates.size >= MAX_CACHED) templates.clear();
    templates.set(text, template);
  }
  return template;
}

/** A string with its bindings filled; a malformed one stays as written (the validator has reported it). */
export function bindText(text: string, read: (path: BindingPath) => unknown): unknown {
  if (!hasBinding(text)) return text;
  const template = templateOf(text);
  return template ? fillTemplate(template, read) : text;
}

/** A string field filled: a whole binding to a number, a flag or an object is written as text, missing as "". */
export function bindString(text: string, read: (path: BindingPath) => unknown): string {
  const value = bindText(text, read);
  return typeof value === 'string' ? value : bindingText(value);
}

/**
 * An address filled: each value written into it is URL-encoded (`?q=${state.q}` with "rock & roll" stays one
 * parameter); a whole binding is the address itself and is taken as it is.
 */
export function bindAddress(text: string, read: (path: BindingPath) => unknown): string {
  if (!hasBinding(text)) return text;
  const template = templateOf(text);
  if (!template) return text;
  if (template.whole) return bindingText(read(template.whole));
  let filled = '';
  for (const part of template.parts)
    filled += typeof part === 'string' ? part : encodeURIComponent(bindingText(read(part)));
  return filled;
}

/** A JSON value (a request body, setState values) with the bindings of every string in it filled. */
export function bindData(value: unknown, read: (path: BindingPath) => unknown): unknown {
  if (typeof value === 'string') return bindText(value, read);
  if (Array.isArray(value)) return value.map((entry) => bindData(entry, read));
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) copy[key] = bindData(entry, read);
    return copy;
  }
  return value;
}

export const BindingContext = createContext<BindingScope | null>(null);

export function useBindingScope(): BindingScope {
  const scope = useContext(BindingContext);
  if (!scope) throw new Error('A widget was rendered outside a ScreenView.');
  return scope;
}

/** Adds list locals (`item`, `index`) for what is drawn inside. */
export function BindingLocals(props: { locals: BindingScope['locals']; children: ReactNode }) {
  const outer = useBindingScope();
  const { item, index } = props.locals;
  const scope = useMemo(() => ({ ...outer, locals: { ...outer.locals, item, index } }), [outer, item, index]);
  return <BindingContext.Provider value={scope}>{props.children}</BindingContext.Provider>;
}
