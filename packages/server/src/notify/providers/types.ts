// The contract between the delivery worker and a push provider client.
import type { DevicePlatform } from '../../devices/rules.js';

export interface PushMessage {
  notificationId: string;
  organizationId: string;
  slug: string;
  /** Already prefixed with the app name. */
  title: string;
  body: string;
  page: string | null;
  link: string;
}

/**
 * What became of one device message:
 * - accepted: the provider took it;
 * - dead: the provider says the token will never work again (the device is removed);
 * - retry: a transient failure (network, 5xx, throttling) worth another attempt later;
 * - failed: a permanent failure that is not the token's fault (credentials, configuration, payload);
 *   the token is kept.
 */
export type SendOutcome =
  | { status: 'accepted' }
  | { status: 'dead'; reason: string }
  | { status: 'retry'; reason: string; retryAfterMs?: number }
  | { status: 'failed'; reason: string };

export interface PushProvider {
  readonly platform: DevicePlatform;
  /** One outcome per token, in the same order. Answers of the provider never throw; they become outcomes. */
  send(message: PushMessage, tokens: readonly string[]): Promise<SendOutcome[]>;
  close(): Promise<void>;
}

export type Providers = Partial<Record<DevicePlatform, PushProvider>>;

export const accepted: SendOutcome = { status: 'accepted' };
