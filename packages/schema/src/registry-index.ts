// Lookup tables built once from the registry, so the walker does map reads and no per-node set-up.
import { actions } from './actions.js';
import type { BindingRoot } from './bindings.js';
import { type FieldMap, type FieldSpec, holdsWidgets, isSlotKind, type SlotKind } from './field-kinds.js';
import { widgets } from './widgets.js';

/** One field made ready for walking: what the walker does with it is decided once, here. */
export type CompiledField =
  | { walk: 'slot'; slot: SlotKind; binds: readonly BindingRoot[] | undefined }
  | { walk: 'objects'; objects: CompiledFields }
  | { walk: 'object'; object: CompiledFields }
  | { walk: 'check'; spec: FieldSpec };

/** A field map made ready for walking. */
export interface CompiledFields {
  fields: ReadonlyMap<string, CompiledField>;
  names: readonly string[];
  required: readonly string[];
}

function compileField(spec: FieldSpec): CompiledField {
  if (isSlotKind(spec.kind))
    return { walk: 'slot', slot: spec.kind, binds: 'binds' in spec ? spec.binds : undefined };
  if (spec.kind === 'object[]') return { walk: 'objects', objects: compileFields(spec.fields) };
  if (spec.kind === 'object') return { walk: 'object', object: compileFields(spec.fields) };
  return { walk: 'check', spec };
}

/** How an unknown node's field is searched: as a slot, or as a list of objects holding slots. */
export type GenericSlot = { expect: 'widget' | 'action' } | { objects: ReadonlyMap<string, GenericSlot> };

const compiledByMap = new WeakMap<FieldMap, CompiledFields>();

/** The compiled form of a field map (cached, so object[] fields compile once too). */
export function compileFields(map: FieldMap): CompiledFields {
  let compiled = compiledByMap.get(map);
  if (!compiled) {
    const names = Object.keys(map);
    compiled = {
      fields: new Map(Object.entries(map).map(([name, spec]) => [name, compileField(spec)])),
      names,
      required: names.filter((name) => map[name]?.required === true),
    };
    compiledByMap.set(map, compiled);
  }
  return compiled;
}

function compileAll(registry: Record<string, { fields: FieldMap }>): ReadonlyMap<string, CompiledFields> {
  return new Map(Object.entries(registry).map(([name, spec]) => [name, compileFields(spec.fields)]));
}

export const widgetIndex = compileAll(widgets);
export const actionIndex = compileAll(actions);
export const widgetNames: readonly string[] = Object.keys(widgets);
export const actionNames: readonly string[] = Object.keys(actions);

/** Every slot name of a field map, and object lists that hold slots, as unknown nodes are searched. */
function collectGenericSlots(maps: Iterable<FieldMap>): Map<string, GenericSlot> {
  const slots = new Map<string, GenericSlot>();
  for (const map of maps) {
    for (const [name, spec] of Object.entries(map)) {
      if (slots.has(name)) continue;
      const slot = genericSlotOf(spec);
      if (slot) slots.set(name, slot);
      if (spec.kind === 'object[]') {
        // A nested slot name (tabs[].child) is a slot name "used anywhere in the registry" too.
        for (const [nested, nestedSlot] of collectGenericSlots([spec.fields])) {
          if (!slots.has(nested)) slots.set(nested, nestedSlot);
        }
      }
    }
  }
  return slots;
}

function genericSlotOf(spec: FieldSpec): GenericSlot | undefined {
  if (isSlotKind(spec.kind)) return { expect: holdsWidgets(spec.kind) ? 'widget' : 'action' };
  if (spec.kind === 'object[]') {
    const objects = collectGenericSlots([spec.fields]);
    return objects.size > 0 ? { objects } : undefined;
  }
  return undefined;
}

/** Slot names used anywhere in the registry: the only fields of an unknown node that are searched. */
export const genericSlots: ReadonlyMap<string, GenericSlot> = collectGenericSlots([
  ...Object.values(widgets).map((spec) => spec.fields as FieldMap),
  ...Object.values(actions).map((spec) => spec.fields as FieldMap),
]);

/** Each binding root that exists only inside some slots, with those slots as `widget.field` (for the message). */
export const scopedRoots: ReadonlyMap<string, readonly string[]> = (() => {
  const places = new Map<string, string[]>();
  const registries = [widgets, actions] as Record<string, { fields: FieldMap }>[];
  for (const registry of registries) {
    for (const [name, node] of Object.entries(registry)) {
      for (const [field, spec] of Object.entries(node.fields)) {
        if (!isSlotKind(spec.kind) || !('binds' in spec) || !spec.binds) continue;
        for (const root of spec.binds) places.set(root, [...(places.get(root) ?? []), `${name}.${field}`]);
      }
    }
  }
  return places;
})();
