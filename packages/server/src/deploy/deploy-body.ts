// Reads the deploy request body: the fields the contract requires, or `bad_request` naming what is wrong.
import { appendPointer, DEFAULT_MAX_NESTING, nestedBeyond } from '@miniapps/schema';
import { AppError } from '../errors.js';
import { isRecord, screensMessage } from './screens-check.js';

/** The body, the screens list and a screen item sit above each screen's own JSON. */
const BODY_LEVELS_ABOVE_SCREEN = 3;

export interface DeployBody {
  organizationId: string;
  slug: string;
  /** Omitted means false: save as a draft (docs/contract.md "Deploy hosted screens"). */
  submit: boolean;
  /** Not yet checked: the screens check says what is wrong with it, item by item. */
  screens: unknown;
  /** Datasets `{"<name>": <JSON>}`, unchecked; absent means none. */
  data: unknown;
  /** Locale strings `{"<locale>": {"<key>": "<text>"}}`, unchecked; absent means none. */
  strings: unknown;
}

interface FieldFault {
  field: string;
  problem: string;
}

export function readDeployBody(body: unknown): DeployBody {
  if (!isRecord(body)) {
    throw new AppError('bad_request', { key: 'deploy.body_not_object' });
  }
  refuseDeepNesting(body);
  const faults: FieldFault[] = [];
  for (const field of ['organizationId', 'slug'] as const) {
    const value = body[field];
    if (value === undefined || value === null) faults.push({ field, problem: 'is required' });
    else if (typeof value !== 'string' || value.length === 0)
      faults.push({ field, problem: 'must be a non-empty string' });
  }
  if (body['screens'] === undefined || body['screens'] === null)
    faults.push({ field: 'screens', problem: 'is required' });
  const submit = body['submit'];
  if (submit !== undefined && submit !== null && typeof submit !== 'boolean') {
    faults.push({ field: 'submit', problem: 'must be true or false' });
  }
  if (faults.length > 0) {
    const message = faults.map((fault) => `${fault.field} ${fault.problem}`).join('; ');
    throw new AppError('bad_request', { key: 'deploy.body_incomplete', values: { faults: message } }, faults);
  }
  return {
    organizationId: body['organizationId'] as string,
    slug: body['slug'] as string,
    submit: submit === true,
    screens: body['screens'],
    data: body['data'],
    strings: body['strings'],
  };
}

/**
 * A body nested deeper than a screen may be is refused before anything recursive (the screens walk,
 * JSON.stringify) touches it: 10,000 levels overflowed the stack and answered 500. Inside the screens
 * it is `bad_screens` like any other screen fault; elsewhere the body itself is bad.
 */
function refuseDeepNesting(body: Record<string, unknown>): void {
  const maxDepth = DEFAULT_MAX_NESTING + BODY_LEVELS_ABOVE_SCREEN;
  const tokens = nestedBeyond(body, maxDepth);
  if (!tokens) return;
  const pointer = tokens.reduce<string>(appendPointer, '');
  const problem = `is nested deeper than ${DEFAULT_MAX_NESTING} levels of JSON objects and arrays`;
  if (tokens[0] === 'screens') {
    throw new AppError('bad_screens', screensMessage(`${pointer} ${problem}`, 0), [{ pointer, problem }]);
  }
  throw new AppError('bad_request', { key: 'deploy.body_too_deep', values: { problem, pointer } }, [
    { pointer, problem },
  ]);
}
