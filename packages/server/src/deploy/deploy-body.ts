// Reads the deploy request body: the fields the contract requires, or `bad_request` naming what is wrong.
import { AppError } from '../errors.js';

export interface DeployBody {
  organizationId: string;
  slug: string;
  /** Omitted means false: save as a draft (DESIGN.md). */
  submit: boolean;
  /** Not yet checked: the screens check says what is wrong with it, item by item. */
  screens: unknown;
}

interface FieldFault {
  field: string;
  problem: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readDeployBody(body: unknown): DeployBody {
  if (!isRecord(body)) {
    throw new AppError(
      'bad_request',
      'The body must be a JSON object {organizationId, slug, submit?, screens}.',
    );
  }
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
    throw new AppError('bad_request', `The deploy body is incomplete: ${message}.`, faults);
  }
  return {
    organizationId: body['organizationId'] as string,
    slug: body['slug'] as string,
    submit: submit === true,
    screens: body['screens'],
  };
}
