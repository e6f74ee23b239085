// The webhook API's shapes as the console reads them (docs/webhooks.md), and how an attempt's outcome reads.

import type { WebhookEventType } from '@miniapps/schema';

export type DisabledReason =
  | {
      at: string;
      reason: 'failing';
      failingSince: string;
      lastStatus: number | null;
      lastError: string | null;
    }
  | { at: string; reason: 'by_hand' };

export interface Webhook {
  id: string;
  url: string;
  events: WebhookEventType[];
  createdAt: string;
  updatedAt: string;
  failingSince: string | null;
  disabled: DisabledReason | null;
}

export interface Attempt {
  at: string;
  status: number | null;
  durationMs: number;
  error: string | null;
}

export interface Delivery {
  id: string;
  webhookId: string;
  type: string;
  status: 'pending' | 'delivered' | 'failed';
  createdAt: string;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  attempts: Attempt[];
}

/** How an attempt ended, as the console shows it: the sender's error, else the endpoint's `HTTP <status>`. */
export function outcomeOf(error: string | null, status: number | null): string {
  return error ?? (status === null ? '—' : `HTTP ${status}`);
}
