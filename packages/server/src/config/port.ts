// A TCP port from the environment: PORT and WORKER_METRICS_PORT are read by the same rule and refused in the same words.

/** The port in `raw`; undefined when unset or empty, or when it is no port (a problem is then noted). */
export function parsePort(name: string, raw: string | undefined, problems: string[]): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`${name} must be an integer from 0 to 65535 (got "${raw}")`);
    return undefined;
  }
  return port;
}
