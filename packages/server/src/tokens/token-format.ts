// Deploy token values: a distinctive prefix and 48 lowercase hex characters; only their sha256 is stored.
import { createHash, randomBytes } from 'node:crypto';

/** Distinctive so secret scanners and people recognise a leaked token at a glance. */
export const DEPLOY_TOKEN_PREFIX = 'mapp_dt_';
const TOKEN = /^mapp_dt_[0-9a-f]{48}$/;

export function generateDeployToken(): string {
  return DEPLOY_TOKEN_PREFIX + randomBytes(24).toString('hex');
}

export function isDeployTokenFormat(value: string): boolean {
  return TOKEN.test(value);
}

export function hashDeployToken(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
