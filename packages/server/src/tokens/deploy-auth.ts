// Authorizes the automation endpoints (deploy, notify) by a deploy token: `invalid_token` (401) otherwise.
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/authenticate.js';
import type { Executor } from '../db/database.js';
import { AppError } from '../errors.js';
import { findLiveToken, type TokenOwner, touchDeployToken } from './repository.js';
import { isDeployTokenFormat } from './token-format.js';

/** The account behind the request's deploy token; records the token's last use. */
export async function authenticateDeployToken(db: Executor, request: FastifyRequest): Promise<TokenOwner> {
  const value = bearerToken(request);
  if (!value) throw new AppError('invalid_token', { key: 'tokens.no_token' });
  const owner = isDeployTokenFormat(value) ? await findLiveToken(db, value) : undefined;
  if (!owner) throw new AppError('invalid_token');
  await touchDeployToken(db, owner.tokenId);
  return owner;
}
