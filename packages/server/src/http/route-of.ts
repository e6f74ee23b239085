// A route's method, URL and schema from @miniapps/contract's endpoint table: the contract is written once, the server serves it.
import { type Endpoint, methodOf, pathOf, type RouteKey } from '@miniapps/contract';

/**
 * Method, URL (relative to the plugin's prefix) and schema of one operation, spread into `app.route({...,
 * handler})`, whose request and reply types the TypeBox provider then derives from the contract's schemas.
 * @example app.route({ ...routeOf(app.prefix, tokenEndpoints, 'GET /api/v1/tokens'), handler: async () => … })
 */
export function routeOf<T extends { [K in keyof T]: Endpoint }, K extends keyof T & RouteKey>(
  prefix: string,
  table: T,
  key: K,
): { method: MethodOfKey<K>; url: string; schema: T[K] } {
  const path = pathOf(key);
  // A route registered under the wrong prefix would silently answer at another address: refuse at start-up.
  if (!path.startsWith(prefix)) throw new Error(`${key} is not under the plugin's prefix ${prefix}`);
  return { method: methodOf(key) as MethodOfKey<K>, url: path.slice(prefix.length), schema: table[key] };
}

type MethodOfKey<K extends string> = K extends `${infer M} ${string}` ? M : never;

/** `routeOf` bound to one plugin's prefix and one area's table: `const route = routesOf(app.prefix, tokenEndpoints)`. */
export function routesOf<T extends { [K in keyof T]: Endpoint }>(prefix: string, table: T) {
  return <K extends keyof T & RouteKey>(key: K) => routeOf(prefix, table, key);
}
