// The kinds of field a widget or action may have: slots the validator walks, addresses it checks, opaque data, scalars.
import type { BindingRoot } from './bindings.js';

/** A field holding one widget, a list of widgets, one action, a list of actions, or either form of actions. */
export type SlotKind = 'widget' | 'widget[]' | 'action' | 'action[]' | 'action|action[]';

/** Every field kind of the screen format (docs/renderer-spec.md "Screens, widgets, actions"). */
export type FieldKind =
  | SlotKind
  | 'object[]'
  | 'object'
  | 'url'
  | 'relativeUrl'
  | 'path'
  | 'data'
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'enum'
  | 'enum[]'
  | 'binding'
  | 'statePath';

interface FieldBase {
  /** A node missing a required field is an error (the deploy refuses it; a client draws a placeholder or fails). */
  readonly required?: boolean;
  readonly description?: string;
}

export interface SlotField extends FieldBase {
  readonly kind: SlotKind;
  /** Binding roots that exist only inside this slot (`item` and `index` in a list's itemTemplate, `result`…). */
  readonly binds?: readonly BindingRoot[];
}

/** An array of plain objects (tabs, select options) whose own fields may hold slots. */
export interface ObjectListField extends FieldBase {
  readonly kind: 'object[]';
  readonly fields: FieldMap;
}

/** An absolute address the client loads or opens itself, never through the proxy. */
/** One plain object (a form's `collect`) with the fields listed; it holds no slots. */
export interface ObjectField extends FieldBase {
  readonly kind: 'object';
  readonly fields: FieldMap;
}

export interface UrlField extends FieldBase {
  readonly kind: 'url';
  /**
   * Allowed schemes without the colon, e.g. ['https']. `data` allows only an inline raster picture
   * (`data:image/png|jpeg|gif|webp|avif`), never SVG, which can carry script.
   */
  readonly schemes: readonly string[];
}

/** enum: one of the values; enum[]: a list of one or more of them, none twice. */
export interface EnumField extends FieldBase {
  readonly kind: 'enum' | 'enum[]';
  readonly values: readonly (string | number)[];
}

export interface NumberField extends FieldBase {
  readonly kind: 'number' | 'integer';
  readonly minimum?: number;
  readonly maximum?: number;
}

export interface StringField extends FieldBase {
  readonly kind: 'string';
  readonly maxLength?: number;
  /**
   * A storage key: one path segment under the app's proxy route (`.` and `..` leave the app), of the contract's
   * STORAGE_KEY_PATTERN.
   */
  readonly segment?: true;
}

/**
 * relativeUrl: resolved against the app's origin, through the proxy. path: an in-app route. data: opaque JSON
 * (its strings may hold bindings). binding: exactly one `${path}`, its value taken with its type. statePath: a
 * `state.…` path written without `${}`, where a value is stored.
 */
export interface PlainField extends FieldBase {
  readonly kind: 'relativeUrl' | 'path' | 'data' | 'boolean' | 'binding' | 'statePath';
  /** For `data`: the object's keys are state paths (setState.values). */
  readonly keys?: 'statePath';
}

export type FieldSpec =
  | SlotField
  | ObjectListField
  | ObjectField
  | UrlField
  | EnumField
  | NumberField
  | StringField
  | PlainField;

/** The start of a `data:` address the `data` scheme allows: a raster image type, then parameters or data. */
export const DATA_IMAGE_PREFIX = /^data:image\/(png|jpeg|gif|webp|avif)[;,]/;

export type FieldMap = { readonly [name: string]: FieldSpec };

/** One entry of the registry: what a widget or action is for and which fields it takes. */
export interface NodeSpec {
  readonly description: string;
  readonly fields: FieldMap;
}

const slotKinds: ReadonlySet<string> = new Set<SlotKind>([
  'widget',
  'widget[]',
  'action',
  'action[]',
  'action|action[]',
]);

export function isSlotKind(kind: FieldKind): kind is SlotKind {
  return slotKinds.has(kind);
}

/** Whether a slot of this kind holds widgets (as opposed to actions). */
export function holdsWidgets(kind: SlotKind): boolean {
  return kind === 'widget' || kind === 'widget[]';
}
