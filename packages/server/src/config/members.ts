// Membership limits from the environment: how many people an organization may hold (MEMBERS_PER_ORG).
import type { KnownEnv } from './variables.js';

export interface MembersConfig {
  /** Members plus pending invitations an organization may hold; one more invitation is 422 quota_exceeded. */
  perOrg: number;
}

export const DEFAULT_MEMBERS_PER_ORG = 100;

export function parseMembersConfig(env: KnownEnv, problems: string[]): MembersConfig {
  const raw = env.MEMBERS_PER_ORG?.trim();
  if (!raw) return Object.freeze({ perOrg: DEFAULT_MEMBERS_PER_ORG });
  // At least 1: the owner who created the organization is its first member.
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) {
    problems.push(`MEMBERS_PER_ORG must be a whole number from 1 to 999999 (got "${raw}")`);
    return Object.freeze({ perOrg: DEFAULT_MEMBERS_PER_ORG });
  }
  return Object.freeze({ perOrg: Number(raw) });
}
