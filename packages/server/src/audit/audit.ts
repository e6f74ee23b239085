// The audit log of app transitions: who moved an app from which state to which, when and why.

import { randomBytes } from 'node:crypto';
import type { AuditEntry as AuditAnswer } from '@miniapps/contract';
import type { Executor } from '../db/database.js';
import { nowIso } from '../ids.js';

export type AuditAction =
  | 'deploy'
  | 'restore'
  | 'update'
  | 'approve'
  | 'reject'
  | 'suspend'
  | 'unsuspend'
  /** A member exported a form's responses (details: form, format). */
  | 'export_responses'
  /** A member changed how long the app keeps form responses (details: from, to; null is the default). */
  | 'response_retention';

export interface AuditEntry {
  appId: string;
  actorId: string | null;
  action: AuditAction;
  fromStatus: string | null;
  toStatus: string | null;
  reason?: string | null;
  version?: number | null;
  details?: Record<string, unknown> | null;
}

/** An audit entry as the API answers it: the contract's schema. */
export type AuditView = AuditAnswer;

let sequence = 0;

/**
 * Ids sort in the order entries were written (time, then a per-process counter), so two transitions in
 * the same millisecond still list in order.
 */
function auditId(at: string): string {
  const time = Date.parse(at).toString(36).padStart(9, '0');
  sequence = (sequence + 1) % 36 ** 6;
  return `aud_${time}${sequence.toString(36).padStart(6, '0')}${randomBytes(4).toString('hex')}`;
}

export async function writeAudit(db: Executor, entry: AuditEntry, at: string = nowIso()): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      id: auditId(at),
      appId: entry.appId,
      actorId: entry.actorId,
      action: entry.action,
      fromStatus: entry.fromStatus,
      toStatus: entry.toStatus,
      reason: entry.reason ?? null,
      version: entry.version ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      createdAt: at,
    })
    .execute();
}

/** Newest first. */
export async function listAudit(db: Executor, appId: string, limit: number): Promise<AuditView[]> {
  const rows = await db
    .selectFrom('auditLog')
    .leftJoin('users', 'users.id', 'auditLog.actorId')
    .select([
      'auditLog.createdAt',
      'auditLog.action',
      'auditLog.actorId',
      'users.email',
      'auditLog.fromStatus',
      'auditLog.toStatus',
      'auditLog.reason',
      'auditLog.version',
      'auditLog.details',
    ])
    .where('auditLog.appId', '=', appId)
    .orderBy('auditLog.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    at: row.createdAt,
    action: row.action,
    actor: row.actorId ? { id: row.actorId, email: row.email ?? '' } : null,
    from: row.fromStatus,
    to: row.toStatus,
    reason: row.reason,
    version: row.version,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
  }));
}
