// Every route the app has, collected as it is built (Fastify's onRoute), for tests that walk them all.
import type { HTTPMethods, RouteOptions } from 'fastify';
import type { BuildOptions } from '../../src/app.js';

export interface RouteEntry {
  method: HTTPMethods;
  /** The pattern as registered, prefix included: `/api/v1/orgs/:org`. */
  url: string;
  /** Whether the route declares a JSON body schema. */
  hasBody: boolean;
  /** Whether the route declares a query schema. */
  hasQuery: boolean;
  /** The body's JSON schema, when it declares one. */
  bodySchema: unknown;
  /** The route's path parameter names, in order (`*` for a wildcard). */
  params: string[];
  config: RouteOptions['config'];
}

export interface RouteTable {
  routes: RouteEntry[];
  /** Pass to startTestPlatform (or buildApp) so the table fills as the app is built. */
  build: BuildOptions;
}

export function routeTable(build: BuildOptions = {}): RouteTable {
  const routes: RouteEntry[] = [];
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method: method as HTTPMethods,
        url: route.url,
        hasBody: route.schema?.body !== undefined,
        hasQuery: route.schema?.querystring !== undefined,
        bodySchema: route.schema?.body,
        params: paramsOf(route.url),
        config: route.config,
      });
    }
  };
  return { routes, build: { ...build, onRoute } };
}

function paramsOf(url: string): string[] {
  const names: string[] = [];
  for (const segment of url.split('/')) {
    if (segment.startsWith(':')) names.push(segment.slice(1));
    else if (segment === '*') names.push('*');
  }
  return names;
}

/**
 * The route's URL with each parameter filled: from `values` by name, else `fallback`. Values are put in as
 * given (percent-encode them yourself).
 */
export function fillUrl(route: RouteEntry, values: Record<string, string> = {}, fallback = 'x'): string {
  return route.url
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return values[segment.slice(1)] ?? fallback;
      if (segment === '*') return values['*'] ?? fallback;
      return segment;
    })
    .join('/');
}

/** Methods that carry a body. */
export function takesBody(route: RouteEntry): boolean {
  return route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
}

/** The distinct routes, one per method and URL (Fastify may announce a route twice: HEAD beside GET). */
export function routeKey(route: RouteEntry): string {
  return `${route.method} ${route.url}`;
}

/** Strings for fields whose name says what they hold (a schema rarely states it in a way a sample can meet). */
const NAMED_STRINGS: Record<string, string> = {
  url: 'https://origin.test/hooks',
  origin: 'https://origin.test',
  email: 'someone@uni.example',
  slug: 'sample-app',
  id: 'sample-org',
  startPath: '/',
  path: '/',
  page: '/',
  platform: 'android',
};

interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  format?: string;
  default?: unknown;
}

/**
 * A small value that a route's body schema accepts, for walking routes past their validation to the rule
 * under test (who may call it): required fields only, the first choice of every union and enum.
 */
export function sampleOf(schema: unknown, name = ''): unknown {
  const s = (schema ?? {}) as JsonSchema;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const choice = s.anyOf ?? s.oneOf;
  if (choice) return sampleOf(choice.find((c) => c.type !== 'null') ?? choice[0], name);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sampleOf(s.properties?.[key], key);
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sampleOf(s.items, name));
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      if (s.format === 'uri' || s.format === 'url') return NAMED_STRINGS.url;
      if (s.format === 'email') return NAMED_STRINGS.email;
      const named = NAMED_STRINGS[name];
      if (named !== undefined) return named;
      return 'sample'.padEnd(s.minLength ?? 0, 'x');
    }
    default:
      return {};
  }
}
