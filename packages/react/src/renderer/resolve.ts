// Turns a node's raw fields into view props by walking its registry spec: slots become rendered children or
// action lists, scalars are kept only when they fit. The one place the renderer reads the registry's shapes.
import type { FieldMap, FieldValue, SlotKind } from '@miniapps/schema';
import type { ActionList } from './action-env.js';
import { isRecord, readField } from './field-values.js';

/** A field's value once resolved: widget slots hold what `renderWidget` made, action slots a list. */
export type Resolved<F, N> = F extends { kind: 'widget' }
  ? N
  : F extends { kind: 'widget[]' }
    ? N[]
    : F extends { kind: 'action' | 'action[]' | 'action|action[]' }
      ? ActionList
      : F extends { kind: 'object[]'; fields: infer S }
        ? ResolvedProps<S, N>[]
        : FieldValue<F>;

type RequiredKeys<S> = { [K in keyof S]: S[K] extends { required: true } ? K : never }[keyof S];

/** Props of a view: the spec's required fields are present, the others may be missing. */
export type ResolvedProps<S, N> = { -readonly [K in RequiredKeys<S>]: Resolved<S[K], N> } & {
  -readonly [K in Exclude<keyof S, RequiredKeys<S>>]?: Resolved<S[K], N>;
};

export interface Resolution {
  props: Record<string, unknown>;
  /** Required fields that are absent or do not fit their spec. */
  missing: string[];
}

/** Actions of a slot: one action object or a list of them; anything else is an empty list. */
export function actionList(kind: SlotKind, value: unknown): ActionList {
  if (Array.isArray(value)) return kind === 'action' ? [] : value;
  if (isRecord(value)) return kind === 'action[]' ? [] : [value];
  return [];
}

/** Fills the bindings of one string field (never of slots, data or state paths); see bindings.tsx. */
export type FieldBinder = (text: string, kind: BindKind) => unknown;
/** `address`: a url, relativeUrl or path, whose interpolated values are URL-encoded. */
export type BindKind = 'binding' | 'address' | 'other';

export function bindKindOf(kind: string): BindKind {
  if (kind === 'binding') return 'binding';
  return kind === 'url' || kind === 'relativeUrl' || kind === 'path' ? 'address' : 'other';
}

export function resolveFields<N>(
  fields: FieldMap,
  node: Record<string, unknown>,
  renderWidget: (child: unknown, key: string) => N,
  bind?: FieldBinder,
): Resolution {
  const props: Record<string, unknown> = {};
  const missing: string[] = [];
  for (const name in fields) {
    const spec = fields[name]!;
    const raw = node[name];
    let value: unknown;
    switch (spec.kind) {
      case 'widget':
        value = isRecord(raw) ? renderWidget(raw, name) : undefined;
        break;
      case 'widget[]':
        value = Array.isArray(raw)
          ? raw.map((child, index) => renderWidget(child, `${name}.${index}`))
          : undefined;
        break;
      case 'action':
      case 'action[]':
      case 'action|action[]':
        value = raw === undefined ? undefined : actionList(spec.kind, raw);
        if (spec.required && (value as ActionList | undefined)?.length === 0) value = undefined;
        break;
      case 'object[]':
        value = Array.isArray(raw)
          ? raw.flatMap((item, index) => {
              if (!isRecord(item)) return [];
              const inner = resolveFields(
                spec.fields,
                item,
                (child, key) => renderWidget(child, `${name}.${index}.${key}`),
                bind,
              );
              return inner.missing.length === 0 ? [inner.props] : [];
            })
          : undefined;
        break;
      case 'data':
      case 'statePath':
        value = readField(spec, raw);
        break;
      default:
        value =
          bind && typeof raw === 'string'
            ? readField(spec, bind(raw, bindKindOf(spec.kind)))
            : readField(spec, raw);
    }
    if (value === undefined) {
      if (spec.required) missing.push(name);
    } else {
      props[name] = value;
    }
  }
  return { props, missing };
}
