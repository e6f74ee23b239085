// What `${host.capabilities.…}` may name: the device features a running app may ask for, each true where the host
// or its browser supplies it (docs/renderer-spec.md, Host capabilities).

export const HOST_CAPABILITIES = [
  'scanCode',
  'document',
  'calendar',
  'map',
  'location',
  'haptics',
  'brightness',
  'keepAwake',
] as const;
export type HostCapability = (typeof HOST_CAPABILITIES)[number];

const known: ReadonlySet<string> = new Set(HOST_CAPABILITIES);

export function isHostCapability(name: unknown): name is HostCapability {
  return typeof name === 'string' && known.has(name);
}

/** The one shape a `host` path may have: `host.capabilities.<name>` with a known name. */
export function hostPathCapability(path: readonly unknown[]): HostCapability | undefined {
  return path.length === 3 && path[1] === 'capabilities' && isHostCapability(path[2]) ? path[2] : undefined;
}
