// Forms that collect: a form's `collect` rules, the inputs inside it as the platform checks a response, found by
// walking the registry's widget slots (never `data`), so the server checks exactly what the screen states.
import { hasBinding } from './bindings.js';
import type { FieldNamedFault } from './date-checks.js';
import { type DateInputType, isDateInputType } from './iso-dates.js';
import { type CompiledFields, widgetIndex } from './registry-index.js';

/** A collection's name: what `${responses.<name>}` and the proxy's `responses/<name>` say. */
export const COLLECTION_NAME = /^[a-z0-9_-]{1,64}$/;
/** `closesAt`: an instant, its zone written out, so every node and the user read the same moment. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The rules of `form.collect` as the platform applies them. */
export interface CollectRules {
  name: string;
  maxPerUser?: number;
  /** Milliseconds since the epoch. */
  closesAt?: number;
  capacity?: number;
  allowEdit?: boolean;
  closedMessage?: string;
  fullMessage?: string;
}

/**
 * What the value of one input must be: `text` (any string; `email`, `url` and `tel` too), `number`, `boolean`
 * (checkbox, switch), an ISO 8601 `date`/`time`/`datetime` text, one `choice` or a list of `choices` of a select,
 * `files` of a fileField (sent as parts of a multipart response, kept in the platform's file store).
 */
export type ResponseFieldType =
  | 'text'
  | 'email'
  | 'number'
  | 'boolean'
  | DateInputType
  | 'choice'
  | 'choices'
  | 'files';

export interface ResponseField {
  name: string;
  type: ResponseFieldType;
  /** A literal label (a bound one is known only when drawn): the column's heading in exports. */
  label?: string;
  required: boolean;
  maxLength?: number;
  /** Literal bounds of a date, time or datetime input. */
  min?: string;
  max?: string;
  /** A select's values; undefined when any of them is bound (then any string is taken). */
  options?: string[];
  /** A fileField's types (MIME), largest file in bytes and most files; undefined when bound or unset. */
  accept?: string[];
  maxSize?: number;
  maxFiles?: number;
}

/** One collecting form of a screen: its rules and its inputs. */
export interface CollectingForm {
  formId: string;
  rules: CollectRules;
  fields: ResponseField[];
}

type Node = Readonly<Record<string, unknown>>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function literal(node: Node, key: string): string | undefined {
  const value = node[key];
  return typeof value === 'string' && !hasBinding(value) ? value : undefined;
}

/** The instant of a `closesAt`, or undefined when it is not one. */
export function closesAtInstant(text: string): number | undefined {
  if (!INSTANT.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A `collect`'s faults the registry's kinds do not catch: the name's form and `closesAt` an instant. */
export function collectFaults(collect: unknown): FieldNamedFault[] {
  if (!isNode(collect)) return [];
  const faults: FieldNamedFault[] = [];
  const name = collect['name'];
  if (typeof name === 'string' && !COLLECTION_NAME.test(name)) {
    faults.push({
      field: 'name',
      code: 'bad_collection',
      message: `"name" must be 1 to 64 of a-z 0-9 _ -, not ${JSON.stringify(name)}`,
    });
  }
  // A rule dropped would let everyone in: a number that is no count refuses the deploy, not only a warning.
  for (const rule of ['maxPerUser', 'capacity']) {
    const value = collect[rule];
    if (value !== undefined && value !== null && !(Number.isInteger(value) && (value as number) >= 1)) {
      faults.push({
        field: rule,
        code: 'bad_collection',
        message: `"${rule}" must be a whole number from 1`,
      });
    }
  }
  const closesAt = collect['closesAt'];
  if (typeof closesAt === 'string' && closesAtInstant(closesAt) === undefined) {
    faults.push({
      field: 'closesAt',
      code: 'bad_collection',
      message: `"closesAt" must be an instant written with Z or ±HH:MM (2026-09-01T18:00:00Z), not ${JSON.stringify(closesAt)}`,
    });
  }
  return faults;
}

/** The rules of a well-formed `collect`, or undefined. */
export function collectRules(collect: unknown): CollectRules | undefined {
  if (!isNode(collect) || collectFaults(collect).length > 0) return undefined;
  const name = collect['name'];
  if (typeof name !== 'string') return undefined;
  const rules: CollectRules = { name };
  const { maxPerUser, capacity, allowEdit, closesAt } = collect;
  if (typeof maxPerUser === 'number' && Number.isInteger(maxPerUser) && maxPerUser >= 1)
    rules.maxPerUser = maxPerUser;
  if (typeof capacity === 'number' && Number.isInteger(capacity) && capacity >= 1) rules.capacity = capacity;
  if (typeof allowEdit === 'boolean') rules.allowEdit = allowEdit;
  const closing = typeof closesAt === 'string' ? closesAtInstant(closesAt) : undefined;
  if (closing !== undefined) rules.closesAt = closing;
  const closedMessage = literal(collect, 'closedMessage');
  if (closedMessage !== undefined) rules.closedMessage = closedMessage;
  const fullMessage = literal(collect, 'fullMessage');
  if (fullMessage !== undefined) rules.fullMessage = fullMessage;
  return rules;
}

/** One input widget as a response field, or undefined for any other widget (or an input without a name). */
function inputField(node: Node): ResponseField | undefined {
  const name = literal(node, 'name');
  if (name === undefined) return undefined;
  const label = literal(node, 'label');
  const base = { name, required: node['required'] === true, ...(label !== undefined && { label }) };
  switch (node['type']) {
    case 'textField': {
      const inputType = node['inputType'];
      const field: ResponseField = { ...base, type: 'text' };
      if (isDateInputType(inputType)) {
        field.type = inputType;
        const min = literal(node, 'min');
        const max = literal(node, 'max');
        if (min !== undefined) field.min = min;
        if (max !== undefined) field.max = max;
      } else if (inputType === 'number' || inputType === 'email') {
        field.type = inputType;
      }
      const maxLength = node['maxLength'];
      if (typeof maxLength === 'number' && Number.isInteger(maxLength) && maxLength >= 1)
        field.maxLength = maxLength;
      return field;
    }
    case 'select': {
      const field: ResponseField = { ...base, type: node['multiple'] === true ? 'choices' : 'choice' };
      const options = node['options'];
      const values = Array.isArray(options)
        ? options.map((option) => isNode(option) && literal(option, 'value'))
        : [];
      if (values.every((value) => typeof value === 'string')) field.options = values as string[];
      return field;
    }
    case 'checkbox':
    case 'switch':
      return { ...base, required: false, type: 'boolean' };
    case 'fileField': {
      const field: ResponseField = { ...base, type: 'files' };
      const { accept, maxSize, maxFiles } = node;
      if (Array.isArray(accept) && accept.every((type) => typeof type === 'string')) field.accept = accept;
      if (typeof maxSize === 'number' && Number.isInteger(maxSize) && maxSize >= 1) field.maxSize = maxSize;
      if (typeof maxFiles === 'number' && Number.isInteger(maxFiles) && maxFiles >= 1)
        field.maxFiles = maxFiles;
      return field;
    }
    default:
      return undefined;
  }
}

/** Every widget inside `node`'s widget slots, depth first; a nested form keeps its own inputs. */
function eachWidget(node: Node, visit: (widget: Node) => void, depth = 0): void {
  // A deployed screen was measured (nesting.ts) before this runs; the bound is for anything else.
  if (depth > 256) return;
  const spec = typeof node['type'] === 'string' ? widgetIndex.get(node['type']) : undefined;
  if (!spec) return;
  walkFields(node, spec, (child) => {
    visit(child);
    if (child['type'] !== 'form') eachWidget(child, visit, depth + 1);
  });
}

function walkFields(node: Node, spec: CompiledFields, visit: (widget: Node) => void): void {
  for (const [key, field] of spec.fields) {
    const value = node[key];
    if (field.walk === 'slot' && (field.slot === 'widget' || field.slot === 'widget[]')) {
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child);
    } else if (field.walk === 'objects' && Array.isArray(value)) {
      for (const item of value) if (isNode(item)) walkFields(item, field.objects, visit);
    }
  }
}

/** The collecting forms of one screen (a parsed screen JSON), in document order. */
export function collectingForms(screen: unknown): CollectingForm[] {
  const forms: CollectingForm[] = [];
  const consider = (node: Node) => {
    if (node['type'] !== 'form') return;
    const rules = collectRules(node['collect']);
    const formId = literal(node, 'id');
    if (!rules || formId === undefined) return;
    const fields: ResponseField[] = [];
    const seen = new Set<string>();
    eachWidget(node, (widget) => {
      const field = inputField(widget);
      // Two inputs of one name send one value (the renderer's form keeps the last): the first one's rules hold.
      if (field && !seen.has(field.name)) {
        seen.add(field.name);
        fields.push(field);
      }
    });
    forms.push({ formId, rules, fields });
  };
  if (isNode(screen)) {
    consider(screen);
    eachWidget(screen, consider);
  }
  return forms;
}
