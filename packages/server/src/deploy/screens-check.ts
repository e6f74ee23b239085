// Checks the screens of a deploy: structure first (bad_screens with a pointer per fault), then the registry walk.
import { MAX_SCREEN_TITLE, MAX_SCREENS, MIN_SCREENS } from '@miniapps/contract';
import { type BindingError, blockingProblems, type Occurrence, validateScreen } from '@miniapps/schema';
import { pathProblem } from '../apps/rules.js';
import { AppError } from '../errors.js';
import { formatMessage, type Message } from '../i18n/messages.js';

/** One screen as stored: its JSON kept as the text it will be written as. */
export interface CheckedScreen {
  path: string;
  title: string | null;
  json: Record<string, unknown>;
  jsonText: string;
}

/** A finding that does not block the deploy (validator problems of severity warning, a missing start screen). */
export interface DeployWarning {
  pointer: string;
  code: string;
  message: string;
  suggestion?: string;
}

export interface DeployValidation {
  unknownWidgets: string[];
  unknownActions: string[];
  occurrences: Occurrence[];
  warnings: DeployWarning[];
  /** Bindings with an unknown root, broken syntax or a target outside state: reported, never blocking. */
  bindingErrors: BindingError[];
  /** How many findings past MAX_REPORTED were left out of each list; absent when none were. */
  omitted?: {
    unknownWidgets: number;
    unknownActions: number;
    occurrences: number;
    warnings: number;
    bindingErrors: number;
  };
}

/** Each list of the answer holds at most this many findings, so a hostile body cannot amplify the answer. */
export const MAX_REPORTED = 1000;

function capLists(validation: DeployValidation): void {
  const omitted = {
    unknownWidgets: Math.max(0, validation.unknownWidgets.length - MAX_REPORTED),
    unknownActions: Math.max(0, validation.unknownActions.length - MAX_REPORTED),
    occurrences: Math.max(0, validation.occurrences.length - MAX_REPORTED),
    warnings: Math.max(0, validation.warnings.length - MAX_REPORTED),
    bindingErrors: Math.max(0, validation.bindingErrors.length - MAX_REPORTED),
  };
  if (Object.values(omitted).every((count) => count === 0)) return;
  validation.unknownWidgets.length = Math.min(validation.unknownWidgets.length, MAX_REPORTED);
  validation.unknownActions.length = Math.min(validation.unknownActions.length, MAX_REPORTED);
  validation.occurrences.length = Math.min(validation.occurrences.length, MAX_REPORTED);
  validation.warnings.length = Math.min(validation.warnings.length, MAX_REPORTED);
  validation.bindingErrors.length = Math.min(validation.bindingErrors.length, MAX_REPORTED);
  validation.omitted = omitted;
}

export interface ScreenFault {
  pointer: string;
  problem: string;
}

/** A JSON object: not null, not an array (the deploy body and each of its parts are checked against this). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function itemFaults(item: unknown, at: string, seen: Map<string, number>): ScreenFault[] {
  if (!isRecord(item)) return [{ pointer: at, problem: 'must be an object {path, title?, json}' }];
  const faults: ScreenFault[] = [];
  const { path, title, json } = item;
  if (typeof path !== 'string') {
    faults.push({ pointer: `${at}/path`, problem: path === undefined ? 'is required' : 'must be a string' });
  } else {
    const problem = pathProblem(path);
    if (problem) faults.push({ pointer: `${at}/path`, problem: formatMessage(problem, 'en') });
    const first = seen.get(path);
    if (first !== undefined)
      faults.push({ pointer: `${at}/path`, problem: `repeats the path of /screens/${first}` });
    else seen.set(path, Number(at.slice('/screens/'.length)));
  }
  if (
    title !== undefined &&
    title !== null &&
    (typeof title !== 'string' || title.length > MAX_SCREEN_TITLE)
  ) {
    faults.push({
      pointer: `${at}/title`,
      problem: `must be a string of at most ${MAX_SCREEN_TITLE} characters`,
    });
  }
  if (!isRecord(json)) {
    faults.push({ pointer: `${at}/json`, problem: json === undefined ? 'is required' : 'must be an object' });
  } else if (typeof json['type'] !== 'string') {
    faults.push({ pointer: `${at}/json/type`, problem: 'the root must name a widget in a string "type"' });
  }
  return faults;
}

/** The `bad_screens` message: the first fault as written (English, like a validator's text) and how many more. */
export function screensMessage(fault: string, more: number): Message {
  return { key: 'deploy.bad_screens', values: { fault, more } };
}

function refuse(faults: ScreenFault[]): never {
  const first = faults[0];
  const summary = first ? `${first.pointer} ${first.problem}` : 'invalid';
  throw new AppError('bad_screens', screensMessage(summary, Math.max(0, faults.length - 1)), faults);
}

/**
 * The screens ready to store and what the registry walk found, or `bad_screens` listing every structural
 * fault and every blocking problem (a cap hit, an image that is not https, a required field missing, a dataset
 * the deploy does not carry…) with its pointer. `datasets` are the deploy's dataset names.
 */
export function checkScreens(
  screens: unknown,
  startPath?: string,
  datasets: readonly string[] = [],
): { screens: CheckedScreen[]; validation: DeployValidation } {
  if (!Array.isArray(screens))
    refuse([{ pointer: '/screens', problem: 'must be an array of {path, title?, json}' }]);
  if (screens.length < MIN_SCREENS || screens.length > MAX_SCREENS) {
    refuse([
      {
        pointer: '/screens',
        problem: `holds ${screens.length} screens; a deploy has ${MIN_SCREENS} to ${MAX_SCREENS}`,
      },
    ]);
  }
  const seen = new Map<string, number>();
  const faults = screens.flatMap((item, index) => itemFaults(item, `/screens/${index}`, seen));
  if (faults.length > 0) refuse(faults);

  const unknownWidgets = new Set<string>();
  const unknownActions = new Set<string>();
  const validation: DeployValidation = {
    unknownWidgets: [],
    unknownActions: [],
    occurrences: [],
    warnings: [],
    bindingErrors: [],
  };
  screens.forEach((item: Record<string, unknown>, index) => {
    const result = validateScreen(item['json'], {
      pointerPrefix: `/screens/${index}/json`,
      datasets,
      hosted: true,
    });
    for (const name of result.unknownWidgets) unknownWidgets.add(name);
    for (const name of result.unknownActions) unknownActions.add(name);
    validation.occurrences.push(...result.occurrences);
    validation.bindingErrors.push(...result.bindingErrors);
    for (const problem of blockingProblems(result))
      faults.push({ pointer: problem.pointer, problem: problem.message });
    for (const { pointer, code, message, suggestion, severity } of result.problems) {
      if (severity === 'warning')
        validation.warnings.push({ pointer, code, message, ...(suggestion && { suggestion }) });
    }
  });
  if (faults.length > 0) refuse(faults);
  // Serialized only once the deploy is accepted: a refused one never pays for it.
  const checked = screens.map((item: Record<string, unknown>): CheckedScreen => {
    const json = item['json'] as Record<string, unknown>;
    const title = item['title'];
    return {
      path: item['path'] as string,
      title: typeof title === 'string' ? title : null,
      json,
      jsonText: JSON.stringify(json),
    };
  });
  if (startPath !== undefined && !seen.has(startPath)) {
    validation.warnings.push({
      pointer: '/screens',
      code: 'no_start_screen',
      message: `no screen has the app's start path "${startPath}"; users would open on a missing page`,
    });
  }
  validation.unknownWidgets = [...unknownWidgets];
  validation.unknownActions = [...unknownActions];
  capLists(validation);
  return { screens: checked, validation };
}
