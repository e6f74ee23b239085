// What a device receives: the title with the app's name in front, the body, and the deep link a tap opens.
import type { PushMessage } from './providers/types.js';

/** docs/contract.md "Push notification": the service prefixes the title with `"<app name>: "`; the 80-character limit is on the caller's part. */
export function sentTitle(appName: string, title: string): string {
  return `${appName}: ${title}`;
}

/** `<base>/<org>/<slug>`, plus `?page=<path>` when the push names a page (docs/contract.md "Push notification"). */
export function deepLink(base: string, organizationId: string, slug: string, page: string | null): string {
  const link = `${base}/${encodeURIComponent(organizationId)}/${encodeURIComponent(slug)}`;
  return page === null ? link : `${link}?page=${encodeURIComponent(page)}`;
}

/** The key/value data every provider carries beside the visible notification (all strings, as FCM requires). */
export function dataOf(message: PushMessage): Record<string, string> {
  const data: Record<string, string> = {
    notificationId: message.notificationId,
    organizationId: message.organizationId,
    slug: message.slug,
    link: message.link,
  };
  if (message.page !== null) data.page = message.page;
  return data;
}
