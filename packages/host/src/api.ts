// The platform's API as @miniapps/contract states it: one call per operation, its input and answer typed by the contract's schemas.
import { type AnswerOf, type Endpoints, fillPath, type InputOf, methodOf } from '@miniapps/contract';
import { HostError } from './errors.js';
import type { Http } from './http.js';

/** An operation of the API: its method and path as the contract keys it, e.g. `GET /api/v1/tokens`. */
export type Operation = keyof Endpoints;
/** What an operation takes: `params`, `query` and `body`, each only where the operation has one. */
export type ApiInput<K extends Operation> = InputOf<Endpoints[K]> & { signal?: AbortSignal };
/** What an operation answers on success; a failure is thrown as a HostError with the envelope's code. */
export type ApiAnswer<K extends Operation> = AnswerOf<Endpoints[K]>;

/** An operation with nothing to send may be called without input. */
type InputArgs<K extends Operation> =
  object extends InputOf<Endpoints[K]> ? [input?: ApiInput<K>] : [input: ApiInput<K>];

export interface Api {
  /**
   * Calls one operation. Only types come from the contract (no schema travels into the bundle); the answer is
   * the contract's, not an assertion at the call.
   * @example
   * const { tokens } = await api.request('GET /api/v1/tokens');
   * await api.request('DELETE /api/v1/tokens/:id', { params: { id } });
   */
  request<K extends Operation>(operation: K, ...input: InputArgs<K>): Promise<ApiAnswer<K>>;
  /** The full URL of an operation, its parameters filled in. */
  url<K extends Operation>(operation: K, ...input: InputArgs<K>): string;
}

type LooseInput = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
};

/** What the typed calls need of a transport: a JSON call and a URL. `Http` is one; the CLI brings its own. */
export type ApiTransport = Pick<Http, 'call' | 'url'>;

/** The operation's path with its parameters; a missing one is the host kit's `bad_argument`, before any call. */
function pathFor(operation: Operation, params: LooseInput['params']): string {
  try {
    return fillPath(operation, params);
  } catch (error) {
    throw new HostError('bad_argument', (error as Error).message);
  }
}

export function createApi(http: ApiTransport): Api {
  return {
    async request(operation, ...[input]) {
      const { params, query, body, signal } = (input ?? {}) as LooseInput;
      const answer = await http.call(methodOf(operation), pathFor(operation, params), {
        ...(query && { query }),
        ...(body !== undefined && { body }),
        ...(signal && { signal }),
      });
      return answer as ApiAnswer<typeof operation>;
    },
    url(operation, ...[input]) {
      const { params, query } = (input ?? {}) as LooseInput;
      return http.url(pathFor(operation, params), query);
    },
  };
}
