// The endpoint table's shape: an operation is keyed by its method and path, and holds the schemas of what it takes and answers.
import type { Static, TSchema } from 'typebox';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * An operation's key: `METHOD /path`, the path in Fastify's form (`:org`), e.g. `GET /api/v1/orgs/:org/apps`.
 * The key is the one place method and path are written: the server's route and the typed client both read it.
 */
export type RouteKey = `${Method} /${string}`;

/** What one operation takes and answers; every field but `response` is optional. */
export interface Endpoint {
  summary: string;
  description?: string;
  tags: readonly string[];
  /** OpenAPI security requirement; absent on public operations. */
  security?: readonly Record<string, readonly string[]>[];
  params?: TSchema;
  querystring?: TSchema;
  headers?: TSchema;
  body?: TSchema;
  /** Answer schema by HTTP status, the errors included. */
  response: Record<number, TSchema>;
}

/** Checks a table's keys and entries while keeping every schema's exact type. */
export function defineEndpoints<const T extends { [K in keyof T]: K extends RouteKey ? Endpoint : never }>(
  table: T,
): T {
  return table;
}

type SuccessStatus = 200 | 201 | 202 | 204;

/** The body of a successful answer of an operation (any 2xx the table names). */
export type AnswerOf<E extends Endpoint> = {
  [S in keyof E['response']]: S extends SuccessStatus
    ? E['response'][S] extends TSchema
      ? Static<E['response'][S]>
      : never
    : never;
}[keyof E['response']];

type ParamsPart<E extends Endpoint> = E['params'] extends TSchema ? { params: Static<E['params']> } : unknown;
/** Every query parameter may be left out (or given as undefined): the client drops empty ones. */
type Loose<T> = { [P in keyof T]?: T[P] | undefined };
type QueryPart<E extends Endpoint> = E['querystring'] extends TSchema
  ? { query?: Loose<Static<E['querystring']>> }
  : unknown;
type BodyPart<E extends Endpoint> = E['body'] extends TSchema ? { body: Static<E['body']> } : unknown;

/** What a client sends for an operation: path parameters, query and body, each only where the operation has one. */
export type InputOf<E extends Endpoint> = ParamsPart<E> & QueryPart<E> & BodyPart<E>;

/** The method of an operation's key. */
export function methodOf(key: RouteKey): Method {
  return key.slice(0, key.indexOf(' ')) as Method;
}

/** The path of an operation's key, with `:name` placeholders. */
export function pathOf(key: RouteKey): string {
  return key.slice(key.indexOf(' ') + 1);
}

/** The path of an operation with its parameters filled in, each percent-encoded. */
export function fillPath(key: RouteKey, params: Record<string, string | number> = {}): string {
  return pathOf(key).replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${key}: the path parameter "${name}" is missing`);
    return encodeURIComponent(String(value));
  });
}
