// Walks one screen through the registry's slots only (never into `data` fields), collecting findings.

import { DATASET_PATH } from '@miniapps/contract';
import {
  type BindingPath,
  hasBinding,
  isBindingFault,
  type PathStep,
  parseSingleBinding,
  parseStatePath,
  parseTemplate,
} from './bindings.js';
import { collectFaults } from './collections.js';
import { dateFieldFaults, eventTimeFaults, type FieldNamedFault } from './date-checks.js';
import { checkField } from './field-checks.js';
import { type FieldSpec, holdsWidgets, type SlotKind } from './field-kinds.js';
import {
  type BindingError,
  type Occurrence,
  type Problem,
  type ProblemCode,
  problemSeverity,
} from './findings.js';
import { HOST_CAPABILITIES, hostPathCapability } from './host-capabilities.js';
import { appendPointer } from './pointer.js';
import {
  actionIndex,
  actionNames,
  type CompiledFields,
  type GenericSlot,
  genericSlots,
  scopedRoots,
  widgetIndex,
  widgetNames,
} from './registry-index.js';
import { nearestName } from './suggest.js';

type Expect = 'widget' | 'action';
type JsonObject = Record<string, unknown>;

export interface WalkLimits {
  maxDepth: number;
  maxNodes: number;
}

/** What the walker knows of the app beyond the screen. */
export interface WalkContext {
  /** The app's dataset names, when it is hosted: `GET /data/<name>` of another name never answers. */
  datasets?: readonly string[] | undefined;
  /** Whether the app is hosted (its responses kept by the platform), remote (false), or unknown. */
  hosted?: boolean | undefined;
}

/** A submitForm to `responses`, kept until the walk has seen every form of the screen. */
interface ResponsesSubmit {
  pointer: string;
  /** Its formId, else the form it sits in; undefined outside any form. */
  formId: string | undefined;
}

/** A `${state.<name>…}` read, kept until the walk has seen everything that sets state. */
interface StateRead {
  pointer: string;
  name: string;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shapeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

const discriminatorOf: Record<Expect, 'type' | 'actionType'> = { widget: 'type', action: 'actionType' };
const article: Record<Expect, string> = { widget: 'a widget', action: 'an action' };

export class ScreenWalker {
  readonly unknownWidgets = new Set<string>();
  readonly unknownActions = new Set<string>();
  readonly occurrences: Occurrence[] = [];
  readonly problems: Problem[] = [];
  readonly bindingErrors: BindingError[] = [];
  nodes = 0;
  complete = true;
  /** Tokens from the root to the value being looked at; a pointer is built only when something is reported. */
  private readonly path: (string | number)[] = [];
  private depthProblem: Problem | undefined;
  private depthHits = 0;
  private stopped = false;
  private readonly suggestions = new Map<string, string | undefined>();
  /** Scoped roots (`item`, `result`…) bound where the walk is, by how many enclosing slots bind them. */
  private readonly inScope = new Map<string, number>();
  /** First names under `state.` the page declares (the screen's `state`) or sets (setState, resultTo, bind). */
  private readonly stateNames = new Set<string>();
  private readonly stateReads: StateRead[] = [];
  private readonly datasets: ReadonlySet<string> | undefined;
  private readonly hosted: boolean | undefined;
  /** Ids of the forms around the walk's place, innermost last. */
  private readonly formStack: string[] = [];
  /** Each form id of the screen: whether it collects. */
  private readonly formsCollecting = new Map<string, boolean>();
  private readonly responsesSubmits: ResponsesSubmit[] = [];
  /** Inside an unknown node: its slots are searched, but what binds their roots is not known. */
  private unknownDepth = 0;

  constructor(
    private readonly prefix: string,
    private readonly limits: WalkLimits,
    context: WalkContext = {},
  ) {
    this.datasets = context.datasets && new Set(context.datasets);
    this.hosted = context.hosted;
  }

  walk(root: unknown): void {
    this.visitNode(root, 'widget', 1);
    if (this.depthProblem && this.depthHits > 1) {
      this.depthProblem.message += ` (and in ${this.depthHits - 1} more places)`;
    }
    this.reportUnsetState();
    this.reportResponsesSubmits();
  }

  private pointer(last?: string): string {
    let pointer = this.prefix;
    for (const token of this.path) pointer = appendPointer(pointer, token);
    return last === undefined ? pointer : appendPointer(pointer, last);
  }

  private report(code: ProblemCode, message: string, suggestion?: string): Problem {
    const problem: Problem = { pointer: this.pointer(), code, severity: problemSeverity[code], message };
    if (suggestion !== undefined) problem.suggestion = suggestion;
    this.problems.push(problem);
    return problem;
  }

  /** Counts a visited object; false (and the walk stops, reported once) past the node cap. */
  private countNode(): boolean {
    if (this.stopped) return false;
    if (++this.nodes <= this.limits.maxNodes) return true;
    this.stopped = true;
    this.complete = false;
    this.report(
      'node_limit',
      `more than ${this.limits.maxNodes} nodes; the rest of the screen was not checked`,
    );
    return false;
  }

  private visitNode(value: unknown, expect: Expect, depth: number): void {
    if (this.stopped) return;
    if (!isObject(value)) {
      this.report('not_a_node', `expected ${article[expect]} object, found ${shapeOf(value)}`);
      return;
    }
    if (!this.countNode()) return;
    if (depth > this.limits.maxDepth) {
      this.complete = false;
      this.depthHits++;
      this.depthProblem ??= this.report(
        'depth_limit',
        `nested deeper than ${this.limits.maxDepth} widgets and actions; not checked below this point`,
      );
      return;
    }
    const discriminator = discriminatorOf[expect];
    const name = value[discriminator];
    if (typeof name === 'string') {
      const known = (expect === 'widget' ? widgetIndex : actionIndex).get(name);
      if (known) {
        const formId = name === 'form' ? this.enterForm(value) : undefined;
        this.checkFields(value, known, discriminator, depth);
        if (formId !== undefined) this.formStack.pop();
        if (name === 'networkRequest') this.checkDataset(value);
        else if (name === 'submitForm') this.checkSubmitTarget(value);
        else if (name === 'screen') this.declareState(value['state']);
        else if (name === 'textField') this.reportFields(dateFieldFaults(value));
        else if (name === 'addToCalendar') this.reportFields(eventTimeFaults(value));
        return;
      }
      this.reportUnknown(expect, name);
    } else {
      this.reportMissing(expect, value);
    }
    this.unknownDepth++;
    this.searchUnknown(value, genericSlots, depth);
    this.unknownDepth--;
  }

  private reportUnknown(expect: Expect, name: string): void {
    (expect === 'widget' ? this.unknownWidgets : this.unknownActions).add(name);
    const occurrence: Occurrence = {
      pointer: this.pointer(discriminatorOf[expect]),
      kind: expect,
      type: name,
    };
    const suggestion = this.suggest(expect, name);
    if (suggestion !== undefined) occurrence.suggestion = suggestion;
    const other: Expect = expect === 'widget' ? 'action' : 'widget';
    if ((other === 'widget' ? widgetIndex : actionIndex).has(name)) {
      occurrence.hint =
        other === 'action'
          ? `"${name}" is an action: write {"actionType": "${name}"} in an action slot such as onTap`
          : `"${name}" is a widget: write {"type": "${name}"} in a widget slot such as children`;
    }
    this.occurrences.push(occurrence);
  }

  private reportMissing(expect: Expect, value: JsonObject): void {
    const discriminator = discriminatorOf[expect];
    const occurrence: Occurrence = { pointer: this.pointer(), kind: expect, type: null };
    const otherName = value[expect === 'widget' ? 'actionType' : 'type'];
    if (typeof otherName === 'string' && !(discriminator in value)) {
      occurrence.hint =
        expect === 'widget'
          ? `an action ("${otherName}") where a widget belongs: put it in an action slot such as a button's onTap`
          : `a widget ("${otherName}") where an action belongs: actions are named by "actionType"`;
    } else {
      occurrence.hint = `${article[expect]} is named by a string "${discriminator}"`;
    }
    this.occurrences.push(occurrence);
  }

  private suggest(expect: Expect, name: string): string | undefined {
    const key = `${expect}:${name}`;
    if (!this.suggestions.has(key)) {
      this.suggestions.set(key, nearestName(name, expect === 'widget' ? widgetNames : actionNames));
    }
    return this.suggestions.get(key);
  }

  /** Checks a known node's (or slot object's) fields and walks its slots; other fields are never entered. */
  private checkFields(
    node: JsonObject,
    spec: CompiledFields,
    discriminator: string | undefined,
    depth: number,
  ) {
    // for-in over parsed JSON sees own keys only, without the array Object.keys would allocate per node.
    for (const key in node) {
      if (key === discriminator) continue;
      const value = node[key];
      if (value === null || value === undefined) continue;
      const field = spec.fields.get(key);
      this.path.push(key);
      if (!field) {
        this.report('unknown_field', `"${key}" is not a field here`, nearestName(key, spec.names));
      } else if (field.walk === 'slot') {
        // Deployable, but a client draws a widget whose required actions are an empty list as nothing.
        if (
          Array.isArray(value) &&
          value.length === 0 &&
          field.slot !== 'widget[]' &&
          spec.required.includes(key)
        )
          this.report(
            'bad_value',
            `"${key}" is an empty list: the widget is drawn only with at least one action`,
          );
        this.enterScope(field.binds, 1);
        this.visitSlot(field.slot, value, depth);
        this.enterScope(field.binds, -1);
      } else if (field.walk === 'objects') {
        this.visitObjects(value, field.objects, depth);
      } else if (field.walk === 'object') {
        if (!isObject(value)) this.report('bad_value', `expected an object, found ${shapeOf(value)}`);
        else if (this.countNode()) this.checkFields(value, field.object, undefined, depth);
      } else {
        const fault = checkField(field.spec, value);
        if (fault) this.report(fault.code, `"${key}" ${fault.message}`);
        // A screen's `state` is its initial values, never filled: its strings are only checked for syntax.
        else
          this.checkBindings(field.spec, value, !(key === 'state' && node[discriminator ?? ''] === 'screen'));
      }
      this.path.pop();
    }
    for (const name of spec.required) {
      if (node[name] === undefined || node[name] === null)
        this.report('missing_field', `"${name}" is required`);
    }
  }

  private reportBinding(code: BindingError['code'], message: string): void {
    this.bindingErrors.push({ pointer: this.pointer(), code, message });
  }

  /** Bindings of one checked field: its syntax, and what the field's kind asks of it; `filled` when it is bound. */
  private checkBindings(spec: FieldSpec, value: unknown, filled: boolean): void {
    if (spec.kind === 'binding') {
      const path = parseSingleBinding(value as string);
      if (isBindingFault(path)) this.reportBinding(path.code, path.message);
      else this.checkReads(path);
    } else if (spec.kind === 'statePath') {
      const target = parseStatePath(value as string);
      if (target) this.stateNames.add(String(target[1]));
      else
        this.reportBinding(
          'outside_state',
          `${JSON.stringify(value)} must be a state path, as "state.items"`,
        );
    } else if (spec.kind === 'data') {
      this.checkDataBindings(value, spec.keys === 'statePath', filled);
    } else if (typeof value === 'string') {
      this.checkText(value, filled);
    }
  }

  private checkText(text: string, filled: boolean): void {
    if (!hasBinding(text)) return;
    const template = parseTemplate(text);
    if (isBindingFault(template)) this.reportBinding(template.code, template.message);
    else if (filled) for (const part of template.parts) if (typeof part !== 'string') this.checkReads(part);
  }

  /** Strings anywhere in a data value; with `statePaths`, the top object's keys are setState targets. */
  private checkDataBindings(value: unknown, statePaths: boolean, filled: boolean): void {
    if (typeof value === 'string') this.checkText(value, filled);
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        this.path.push(index);
        this.checkDataBindings(value[index], false, filled);
        this.path.pop();
      }
      return;
    }
    for (const key in value) {
      this.path.push(key);
      if (statePaths) {
        const target = parseStatePath(key);
        if (target) this.stateNames.add(String(target[1]));
        else this.reportBinding('outside_state', `"${key}" must be a state path, as "state.items"`);
      }
      this.checkDataBindings((value as Record<string, unknown>)[key], false, filled);
      this.path.pop();
    }
  }

  /** A path read where it is filled: its root must exist there, a state name is kept to be checked at the end. */
  private checkReads(path: BindingPath): void {
    const root = path[0];
    const places = scopedRoots.get(root);
    if (places && !this.inScope.get(root) && this.unknownDepth === 0) {
      this.report(
        'out_of_scope',
        `\${${root}…} is bound only inside ${places.join(', ')}; here it is always empty`,
      );
    } else if (root === 'host' && !hostPathCapability(path)) {
      const name = path[1] === 'capabilities' && typeof path[2] === 'string' ? path[2] : undefined;
      this.report(
        'unknown_capability',
        `\${host…} reads host.capabilities.<name>, the name one of ${HOST_CAPABILITIES.join(', ')}`,
        name === undefined ? undefined : nearestName(name, HOST_CAPABILITIES),
      );
    } else if (root === 'state' && typeof path[1] === 'string') {
      this.stateReads.push({ pointer: this.pointer(), name: path[1] });
    }
    for (let step = 1; step < path.length; step++) {
      const inner: PathStep | undefined = path[step];
      if (typeof inner === 'object') this.checkReads(inner);
    }
  }

  private enterScope(roots: readonly string[] | undefined, by: 1 | -1): void {
    if (roots) for (const root of roots) this.inScope.set(root, (this.inScope.get(root) ?? 0) + by);
  }

  /** The first names of a screen's initial `state` (an object): read freely from the start. */
  private declareState(state: unknown): void {
    if (isObject(state)) for (const name in state) this.stateNames.add(name);
  }

  /** Each `${state.x}` read where nothing on the page declares or sets `state.x`, with the nearest name set. */
  private reportUnsetState(): void {
    if (this.stateReads.length === 0) return;
    const known = [...this.stateNames];
    for (const read of this.stateReads) {
      if (this.stateNames.has(read.name)) continue;
      const problem: Problem = {
        pointer: read.pointer,
        code: 'unset_state',
        severity: problemSeverity.unset_state,
        message: `state.${read.name} is read, but the screen's state does not declare it and no setState, resultTo or bind sets it: it is always empty`,
      };
      const suggestion = nearestName(read.name, known);
      if (suggestion !== undefined) problem.suggestion = `state.${suggestion}`;
      this.problems.push(problem);
    }
  }

  /** Faults of named fields of the node at hand, each reported at its field. */
  private reportFields(faults: readonly FieldNamedFault[]): void {
    for (const fault of faults) {
      this.path.push(fault.field);
      this.report(fault.code, fault.message);
      this.path.pop();
    }
  }

  /** A form's `collect`: its name and closing time, and only where the platform keeps responses. */
  private enterForm(form: JsonObject): string {
    const id = typeof form['id'] === 'string' ? form['id'] : '';
    const collect = form['collect'];
    const collects = isObject(collect);
    if (id !== '' && !this.formsCollecting.get(id)) this.formsCollecting.set(id, collects);
    this.formStack.push(id);
    if (!collects) return id;
    this.path.push('collect');
    if (this.hosted === false) {
      this.report(
        'needs_hosting',
        'a remote app keeps its own responses: send the form to its origin with a url',
      );
    }
    this.reportFields(collectFaults(collect));
    this.path.pop();
    return id;
  }

  /** A submitForm to `responses` needs no url and a collecting form, checked once every form is known. */
  private checkSubmitTarget(action: JsonObject): void {
    if (action['target'] !== 'responses') return;
    this.path.push('target');
    if (this.hosted === false) {
      this.report('needs_hosting', "only a hosted app's responses are kept by the platform");
    }
    if (action['url'] !== undefined) {
      this.report('bad_collection', '"url" is not used with target "responses": leave one of them out');
    }
    const formId =
      typeof action['formId'] === 'string' ? action['formId'] : this.formStack.at(-1) || undefined;
    this.responsesSubmits.push({ pointer: this.pointer(), formId });
    this.path.pop();
  }

  private reportResponsesSubmits(): void {
    for (const submit of this.responsesSubmits) {
      if (submit.formId !== undefined && this.formsCollecting.get(submit.formId)) continue;
      const message =
        submit.formId === undefined
          ? 'submits to "responses" outside any form and names none (formId)'
          : `submits form "${submit.formId}" to "responses", but no form of that id on this screen has "collect"`;
      this.problems.push({
        pointer: submit.pointer,
        code: 'bad_collection',
        severity: problemSeverity.bad_collection,
        message,
      });
    }
  }

  /** A hosted app's `GET /data/<name>` (a literal name) must name one of its datasets. */
  private checkDataset(action: JsonObject): void {
    const { url, method } = action;
    if (!this.datasets || typeof url !== 'string' || (method !== undefined && method !== 'GET')) return;
    const name = DATASET_PATH.exec(url.split('?', 1)[0] ?? '')?.[1];
    if (name === undefined || hasBinding(name) || this.datasets.has(name)) return;
    this.path.push('url');
    const suggestion = nearestName(name, [...this.datasets]);
    const message =
      this.datasets.size === 0
        ? `reads the dataset "${name}", but the app has no datasets (data/<name>.json)`
        : `reads the dataset "${name}", but the app's datasets are ${[...this.datasets].join(', ')}`;
    this.report('unknown_dataset', message, suggestion && `/data/${suggestion}`);
    this.path.pop();
  }

  private visitSlot(kind: SlotKind, value: unknown, depth: number): void {
    const expect: Expect = holdsWidgets(kind) ? 'widget' : 'action';
    if (Array.isArray(value)) {
      if (kind === 'widget' || kind === 'action')
        this.report('not_a_node', `expected one ${expect}, found a list`);
      this.visitItems(value, expect, depth);
      return;
    }
    if ((kind === 'widget[]' || kind === 'action[]') && isObject(value)) {
      this.report('not_a_node', `expected a list of ${expect}s, found one ${expect}`);
    }
    this.visitNode(value, expect, depth + 1);
  }

  private visitItems(items: unknown[], expect: Expect, depth: number): void {
    for (let index = 0; index < items.length && !this.stopped; index++) {
      this.path.push(index);
      this.visitNode(items[index], expect, depth + 1);
      this.path.pop();
    }
  }

  private visitObjects(value: unknown, spec: CompiledFields, depth: number): void {
    if (!Array.isArray(value)) {
      this.report('bad_value', `expected a list of objects, found ${shapeOf(value)}`);
      return;
    }
    for (let index = 0; index < value.length && !this.stopped; index++) {
      const item = value[index];
      this.path.push(index);
      if (!isObject(item)) this.report('bad_value', `expected an object, found ${shapeOf(item)}`);
      else if (this.countNode()) this.checkFields(item, spec, undefined, depth);
      this.path.pop();
    }
  }

  /** An unknown node is searched through registry slot names only, so one typo does not hide the next. */
  private searchUnknown(node: JsonObject, slots: ReadonlyMap<string, GenericSlot>, depth: number): void {
    for (const key in node) {
      const slot = slots.get(key);
      const value = node[key];
      if (!slot || value === null || typeof value !== 'object') continue;
      this.path.push(key);
      if ('expect' in slot) {
        if (Array.isArray(value)) this.visitItems(value, slot.expect, depth);
        else this.visitNode(value, slot.expect, depth + 1);
      } else if (Array.isArray(value)) {
        for (let index = 0; index < value.length && !this.stopped; index++) {
          const item = value[index];
          this.path.push(index);
          if (isObject(item) && this.countNode()) this.searchUnknown(item, slot.objects, depth);
          this.path.pop();
        }
      }
      this.path.pop();
    }
  }
}
