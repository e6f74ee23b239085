// One hook in front of every route: bad text in params, query, headers or body, or a body nested too deep, is 400.
import { DEFAULT_MAX_NESTING } from '@miniapps/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { type InputFault, inputFault } from './text-rules.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `text-only`: the handler measures the body's nesting itself and says where (the deploy: a deep screen
     * is `bad_screens`). `off`: the route reads its own input (the proxy's routes hand the raw request to
     * the proxy's entry, which checks it as it does for requests that never pass through Fastify).
     */
    inputGuard?: 'text-only' | 'off';
  }
}

/**
 * A management body is a few levels deep; screens (the deepest JSON the platform takes) may nest this far,
 * so no body needs more.
 */
export const MAX_BODY_NESTING = DEFAULT_MAX_NESTING;

type Part = 'params' | 'query' | 'headers' | 'body';

/** The answer to a fault: 400 `bad_request` naming the part and the JSON pointer of the place. */
export function inputRefusal(where: Part, fault: InputFault, maxDepth: number): AppError {
  const details = [{ in: where, pointer: fault.pointer, problem: fault.problem }];
  const values = { where, pointer: fault.pointer || '/', max: maxDepth };
  if (fault.problem === 'too_deep')
    return new AppError('bad_request', { key: 'input.too_deep', values }, details);
  return new AppError('bad_request', { key: 'input.bad_text', values }, details);
}

function check(request: FastifyRequest): AppError | undefined {
  const mode = request.routeOptions.config.inputGuard;
  if (mode === 'off') return undefined;
  const parts: Array<[Part, unknown, number]> = [
    ['params', request.params, 1],
    ['query', request.query, Number.POSITIVE_INFINITY],
    // Node refuses NUL in a header on the wire; an in-process request is held to the same rule.
    ['headers', request.headers, Number.POSITIVE_INFINITY],
    ['body', request.body, mode === 'text-only' ? Number.POSITIVE_INFINITY : MAX_BODY_NESTING],
  ];
  for (const [where, value, maxDepth] of parts) {
    const fault = inputFault(value, maxDepth);
    if (fault) return inputRefusal(where, fault, maxDepth);
  }
  return undefined;
}

/**
 * Before validation, so no schema, handler or database sees the input: on every route, including the
 * ones other modules add later, with no route opting in.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    done(check(request));
  });
}
