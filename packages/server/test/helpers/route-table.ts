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
