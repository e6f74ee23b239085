// Starts the real entry point (src/main.ts) as a child process and finds the address it listens on.
import { type PlatformProcess, startServer } from './push-fakes/processes.js';

export type ServerProcess = PlatformProcess & { url: string };

/** Runs the platform the way `npm start` does, with only the given environment (plus PATH). */
export const startServerProcess: (
  env: Record<string, string>,
  timeoutMs?: number,
  options?: { ownGroup?: boolean },
) => Promise<ServerProcess> = startServer;
