// What a push token may look like per platform, checked before it is stored.
import type { DevicePlatform } from '@miniapps/contract';
import { AppError } from '../errors.js';
import type { Message } from '../i18n/messages.js';

// The platforms are the contract's; the table's column holds the same words.
export { type DevicePlatform, devicePlatforms } from '@miniapps/contract';

const MAX_TOKEN = 4096;
const MIN_TOKEN = 16;

/**
 * The token as stored: APNs tokens are hex (case-insensitive, kept lowercase); FCM, HMS and RuStore
 * tokens are opaque printable ASCII. Anything else is refused with `validation_failed`.
 */
export function normalizeToken(platform: DevicePlatform, token: string): string {
  if (platform === 'ios') {
    // APNs device tokens are 32 bytes today; Apple reserves the right to make them longer.
    if (!/^(?:[0-9a-fA-F]{2}){32,100}$/.test(token)) throw tokenError({ key: 'devices.bad_apns_token' });
    return token.toLowerCase();
  }
  if (token.length < MIN_TOKEN || token.length > MAX_TOKEN || !/^[\x21-\x7e]+$/.test(token)) {
    throw tokenError({ key: 'devices.bad_token', values: { platform, min: MIN_TOKEN, max: MAX_TOKEN } });
  }
  return token;
}

/**
 * `web-dev` (the development push inbox) only while the dev login is on: production refuses it like any other
 * invalid value, so its behaviour is what it was before the platform existed.
 */
export function checkPlatform(platform: DevicePlatform, devInbox: boolean): void {
  if (platform === 'web-dev' && !devInbox)
    throw new AppError('validation_failed', { key: 'devices.dev_platform' }, { field: 'platform' });
}

function tokenError(message: Message): AppError {
  return new AppError('validation_failed', message, { field: 'token' });
}
