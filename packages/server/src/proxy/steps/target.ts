// Steps 5 and 6: the target on the pinned origin, and the name-level host safety check before any call.
import { checkOrigin } from '../../egress/host-rules.js';
import { AppError } from '../../errors.js';

export interface Target {
  /** `https://host[:port]`, exactly as registered and approved. */
  origin: string;
  /** Path and filtered query. */
  path: string;
}

/**
 * The origin comes from the app record only, never from the request. It was checked at registration;
 * it is checked again here (cached per origin), because the rules may have changed since, e.g. a new
 * internal host. Addresses are checked when a connection is made (egress/agent.ts).
 */
export function createTargetBuilder(internalHosts: readonly string[]) {
  const verdicts = new Map<string, ReturnType<typeof checkOrigin>>();

  return function buildTarget(origin: string | null, path: string, query: string): Target {
    if (!origin) throw new AppError('forbidden_origin', { key: 'proxy.no_origin' });
    let verdict = verdicts.get(origin);
    if (!verdict) {
      verdict = checkOrigin(origin, internalHosts);
      if (verdicts.size > 10_000) verdicts.clear();
      verdicts.set(origin, verdict);
    }
    if (!verdict.ok) {
      throw new AppError('forbidden_origin', verdict.message, { problem: verdict.problem });
    }
    // Belt and braces (path-rules.ts refuses these already): only a path that starts with exactly one
    // "/" and holds no backslash resolves on the origin itself; "//host" or "/\\host" would name another.
    if (path[0] !== '/' || path[1] === '/' || path.includes('\\')) {
      throw new AppError('bad_path', { key: 'proxy.path_leaves_origin' });
    }
    return { origin: verdict.origin, path: query ? `${path}?${query}` : path };
  };
}
