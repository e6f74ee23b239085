// First-party service functions: `miniapp-svc-<slug>` → the code that answers for that service app.
import { profileCard } from './profile-card.js';
import type { ServiceFunction } from './service-function.js';

/** Every service app's function by slug. A migration creates the matching app record. */
export const serviceFunctions: ReadonlyMap<string, ServiceFunction> = new Map([
  ['profile-card', profileCard],
]);
