// validateScreen: the one entry point that checks a screen against the registry.
import { problemSeverity, type ValidationResult } from './findings.js';
import { DEFAULT_MAX_NESTING, nestedBeyond } from './nesting.js';
import { appendPointer } from './pointer.js';
import { ScreenWalker } from './walker.js';

export interface ValidateOptions {
  /** Widgets and actions nested deeper than this are not walked; a `depth_limit` problem says where. */
  maxDepth?: number;
  /** At most this many nodes are walked; past it the walk stops with a `node_limit` problem. */
  maxNodes?: number;
  /** Levels of JSON objects and arrays, anywhere in the screen (data fields too); deeper is not walked at all. */
  maxNesting?: number;
  /** Prepended to every pointer, e.g. `/screens/3/json` when the screen sits inside a deploy body. */
  pointerPrefix?: string;
  /**
   * The dataset names of a hosted app (the deploy's `data`, a project's data/*.json); when given, a
   * `networkRequest` GET of `/data/<name>` must name one of them (`unknown_dataset`).
   */
  datasets?: readonly string[];
  /**
   * Whether the screen is a hosted app's (true: the deploy, a hosted project) or a remote app's (false: then a
   * form's `collect` and submitForm to `responses` are `needs_hosting`); unknown when absent.
   */
  hosted?: boolean;
}

/** Deep enough for any real layout (they rarely pass 15) and shallow enough to keep recursion cheap. */
export const DEFAULT_MAX_DEPTH = 64;
/** A 16 KB screen has a few hundred nodes; this leaves room for long generated lists. */
export const DEFAULT_MAX_NODES = 20_000;

/**
 * Checks one screen (a parsed JSON value whose root is a widget). Unknown types do not make the result
 * fail; callers decide, usually by `blockingProblems(result)`.
 *
 * @example
 * const result = validateScreen({ type: 'screen', children: [{ type: 'colum' }] });
 * // result.unknownWidgets = ['colum']
 * // result.occurrences[0] = { pointer: '/children/0/type', kind: 'widget', type: 'colum', suggestion: 'column' }
 */
export function validateScreen(json: unknown, options: ValidateOptions = {}): ValidationResult {
  // Measured first and without recursion: a hostile depth would overflow the walker or the caller's
  // JSON.stringify, so such a screen is refused whole, at the place where the measure stopped.
  const maxNesting = options.maxNesting ?? DEFAULT_MAX_NESTING;
  const tooDeep = nestedBeyond(json, maxNesting);
  if (tooDeep) {
    const pointer = tooDeep.reduce<string>(appendPointer, options.pointerPrefix ?? '');
    const message = `nested deeper than ${maxNesting} levels of JSON objects and arrays; the screen was not checked`;
    return {
      unknownWidgets: [],
      unknownActions: [],
      occurrences: [],
      problems: [{ pointer, code: 'depth_limit', severity: problemSeverity.depth_limit, message }],
      bindingErrors: [],
      nodes: 0,
      complete: false,
    };
  }
  const walker = new ScreenWalker(
    options.pointerPrefix ?? '',
    { maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH, maxNodes: options.maxNodes ?? DEFAULT_MAX_NODES },
    { datasets: options.datasets, hosted: options.hosted },
  );
  walker.walk(json);
  return {
    unknownWidgets: [...walker.unknownWidgets],
    unknownActions: [...walker.unknownActions],
    occurrences: walker.occurrences,
    problems: walker.problems,
    bindingErrors: walker.bindingErrors,
    nodes: walker.nodes,
    complete: walker.complete,
  };
}
