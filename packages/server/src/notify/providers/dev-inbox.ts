// The development inbox's provider: "delivers" a push to `web-dev` devices by keeping it in their users' inbox.
import type { Db } from '../../db/database.js';
import { keepInInbox } from '../../inbox/store.js';
import { accepted, type PushProvider, type SendOutcome } from './types.js';

/** Made only while the dev login is on (createProviders); a database error throws, which the worker retries. */
export function createDevInboxProvider(db: Db): PushProvider {
  return {
    platform: 'web-dev',
    async send(message, tokens) {
      const { notificationId, organizationId, slug, title, body, page, link } = message;
      const kept = await keepInInbox(
        db,
        { notificationId, organizationId, slug, title, body, page, link },
        tokens,
      );
      // A device unregistered since the chunk was expanded: as for real providers' rows of removed devices.
      return tokens.map(
        (token): SendOutcome => (kept.has(token) ? accepted : { status: 'failed', reason: 'device removed' }),
      );
    },
    async close() {},
  };
}
