// What the renderer needs from its surroundings: where screens and API answers come from, and the render mode.
import type { JsonValue } from '@miniapps/schema';

/** `development` shows unknown widgets and broken nodes as labelled placeholders; `production` hides them. */
export type RenderMode = 'development' | 'production';

export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A path on the app's origin, starting with `/`, possibly with a query. */
  url: string;
  body?: JsonValue;
}

/** A failure with a message a user can read; `code` is the platform's or origin's error code when known. */
export class HostError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HostError';
  }
}

/**
 * The source of one mini-app's screens and API. The web client's host goes through the platform's proxy;
 * the CLI's `dev` preview and the moderation view bring their own.
 */
export interface MiniAppHost {
  /** The screen at `path` (with `params` as its query), as parsed JSON. Rejects with a HostError. */
  loadScreen(path: string, params?: Record<string, string>): Promise<unknown>;
  /** An API call of a networkRequest or submitForm; resolves with the parsed JSON answer. */
  request(call: ApiCall): Promise<unknown>;
}
