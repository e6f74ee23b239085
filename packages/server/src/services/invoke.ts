// Calls a service function, authorized by the service-role key: the one door both the proxy and the internal route use.
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.js';
import type { ServiceAnswer, ServiceCall, ServiceContext, ServiceFunction } from './service-function.js';

/** Constant-time comparison that also hides the length: both sides are hashed to 32 bytes first. */
export function keyMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

export interface ServiceInvoker {
  /** Throws 401 `unauthorized` unless the key is the service-role key. */
  authorize(key: string | undefined): void;
  /** Runs `miniapp-svc-<slug>`; 401 without the right key, 404 `service_not_found` for an unknown slug. */
  invoke(slug: string, call: ServiceCall, key: string | undefined): Promise<ServiceAnswer>;
}

export function createServiceInvoker(
  functions: ReadonlyMap<string, ServiceFunction>,
  serviceRoleKey: string,
  context: ServiceContext,
): ServiceInvoker {
  function authorize(key: string | undefined): void {
    if (!keyMatches(serviceRoleKey, key)) {
      throw new AppError('unauthorized', { key: 'services.service_role_only' });
    }
  }
  return {
    authorize,
    async invoke(slug, call, key) {
      // The key is checked before the slug, so a caller without it learns nothing about which services exist.
      authorize(key);
      const fn = functions.get(slug);
      if (!fn) throw new AppError('service_not_found', { key: 'services.not_found', values: { slug } });
      return fn(call, context);
    },
  };
}
