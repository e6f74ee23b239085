// Proxy-specific error construction: the registry's codes, with the proxy's status where docs/contract.md "Errors" gives another.
import { AppError } from '../../errors.js';

/**
 * `app_not_found` is 422 in the deploy contract but 404 on the proxy (docs/contract.md "Errors").
 * Same code, same envelope; only the status differs, so it is set here rather than forking the code.
 */
class ProxyAppNotFound extends AppError {
  override readonly status: number = 404;
}

export function appNotFound(org: string, slug: string): AppError {
  return new ProxyAppNotFound('app_not_found', { key: 'proxy.app_not_found', values: { org, slug } });
}

/** 400 `bad_request`: a query parameter holds a NUL or a lone surrogate (http/text-rules.ts says why). */
export function badQueryText(name: string): AppError {
  return new AppError('bad_request', { key: 'proxy.bad_query_text', values: { name } }, [
    { in: 'query', pointer: `/${name}`, problem: 'bad_text' },
  ]);
}
