// What the validator reports: unknown types with their places, and problems with fields and limits.

/** One place where an unknown (or missing) widget or action type appears. */
export interface Occurrence {
  /** RFC 6901 pointer to the discriminator (`/children/0/type`), or to the object when it has none. */
  pointer: string;
  /** What the position expects: a widget slot or an action slot. */
  kind: 'widget' | 'action';
  /** The unknown name, or null for an object without a string discriminator. */
  type: string | null;
  /** The nearest known name, when one is close. */
  suggestion?: string;
  /** A word on a likely mix-up, such as an action where a widget belongs. */
  hint?: string;
}

/** A binding that cannot work as written; reported beside unknown types, never a blocker. */
export interface BindingError {
  /** RFC 6901 pointer to the string (or the setState key's value) holding it. */
  pointer: string;
  /** `missing_string`: a `${t.key}` some locale of the app does not hold. */
  code: 'malformed' | 'unknown_root' | 'outside_state' | 'not_single_binding' | 'missing_string';
  message: string;
}

export type ProblemCode =
  | 'depth_limit'
  | 'node_limit'
  | 'url_scheme'
  | 'bad_relative_url'
  | 'bad_path'
  | 'unsafe_path'
  | 'not_a_node'
  | 'missing_field'
  | 'bad_value'
  | 'empty_range'
  | 'unknown_field'
  | 'bad_storage_key'
  | 'unknown_dataset'
  | 'out_of_scope'
  | 'unset_state'
  | 'unknown_capability'
  | 'bad_collection'
  | 'needs_hosting';

/**
 * `error`: the screen must not be deployed as it is (a limit was hit so it could not be checked whole, an address
 * the client loads directly is not allowed, an app path leaves the app, or it fails at run time whatever happens:
 * a required field missing, a storage key the platform refuses, a dataset the app does not have, a binding root used
 * where it never exists). `warning`: shown to the developer, the client copes (it skips what it cannot render), or
 * the validator cannot be sure.
 */
export type Severity = 'error' | 'warning';

export interface Problem {
  pointer: string;
  code: ProblemCode;
  severity: Severity;
  message: string;
  suggestion?: string;
}

export interface ValidationResult {
  /** Unknown widget `type` values, each once, in document order (the contract's list). */
  unknownWidgets: string[];
  /** Unknown `actionType` values, each once, in document order (the contract's list). */
  unknownActions: string[];
  /** Every unknown or missing type, in document order. */
  occurrences: Occurrence[];
  problems: Problem[];
  /** Bindings with an unknown root or broken syntax, targets outside `state.`, and the like, in document order. */
  bindingErrors: BindingError[];
  /** Widgets, actions and slot objects visited. */
  nodes: number;
  /** False when a depth or node cap stopped part of the walk (a problem says where). */
  complete: boolean;
}

export const problemSeverity: Record<ProblemCode, Severity> = {
  depth_limit: 'error',
  node_limit: 'error',
  url_scheme: 'error',
  bad_relative_url: 'warning',
  bad_path: 'warning',
  // A path that leaves the app once a browser reads it is an attack on the user, not a typo.
  unsafe_path: 'error',
  not_a_node: 'warning',
  // A widget without it is drawn as nothing, an action without it fails each time it runs.
  missing_field: 'error',
  bad_value: 'warning',
  // A date field whose min is after its max accepts nothing (a required one is never sent); an event ending
  // before it starts is refused by the renderer each time.
  empty_range: 'error',
  unknown_field: 'warning',
  // The storage route refuses the key (400 bad_key) every time.
  bad_storage_key: 'error',
  // A hosted app answers no other dataset (404 dataset_not_found) every time.
  unknown_dataset: 'error',
  // `${item…}` outside a list's itemTemplate (and the like) is always empty.
  out_of_scope: 'error',
  // A read of state nothing on the page declares or sets: always empty, most likely a typo, yet the page works.
  unset_state: 'warning',
  // `${host.…}` other than host.capabilities.<a known name>: always empty, so a feature check that always says no.
  unknown_capability: 'error',
  // A collection the platform cannot keep (a bad name, a closesAt that is no instant, submitForm to responses
  // from a form without collect): every submission fails.
  bad_collection: 'error',
  // Only hosted apps' responses are kept by the platform; a remote app's origin keeps its own.
  needs_hosting: 'error',
};

/** The problems that make a screen unfit to deploy. */
export function blockingProblems(result: Pick<ValidationResult, 'problems'>): Problem[] {
  return result.problems.filter((problem) => problem.severity === 'error');
}
