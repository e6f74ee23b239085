// Service apps through the proxy: the first-party function `miniapp-svc-<slug>`, called with the service-role key.
import { AppError } from '../../errors.js';
import { inputRefusal, MAX_BODY_NESTING } from '../../http/input-guard.js';
import { inputFault } from '../../http/text-rules.js';
import type { ServiceInvoker } from '../../services/invoke.js';
import type { ProxyKind } from '../steps/check-answer.js';

export interface ServiceRequest {
  slug: string;
  kind: ProxyKind;
  method: string;
  /** Path and filtered query. */
  target: string;
  userId: string;
  body: Buffer | undefined;
}

/** No host safety here: the target is the platform's own code, not an address (docs/contract.md "What the service does", rule 6). */
export async function serviceAnswer(
  invoker: ServiceInvoker,
  serviceRoleKey: string,
  request: ServiceRequest,
) {
  const answer = await invoker.invoke(
    request.slug,
    {
      slug: request.slug,
      path: request.target,
      kind: request.kind,
      userId: request.userId,
      method: request.method,
      body: jsonBody(request),
    },
    serviceRoleKey,
  );
  return { status: answer.status, body: Buffer.from(JSON.stringify(answer.body ?? null), 'utf8') };
}

/**
 * Service functions take JSON; any other body is a client error, told before the call, and so is a body
 * the management API would refuse (bad text, nested too deep: http/input-guard.ts).
 */
function jsonBody(request: ServiceRequest): unknown {
  if (!request.body || request.body.length === 0) return null;
  let body: unknown;
  try {
    body = JSON.parse(request.body.toString('utf8'));
  } catch {
    throw new AppError('bad_request', { key: 'proxy.service_json_body' });
  }
  const fault = inputFault(body, MAX_BODY_NESTING);
  if (fault) throw inputRefusal('body', fault, MAX_BODY_NESTING);
  return body;
}
