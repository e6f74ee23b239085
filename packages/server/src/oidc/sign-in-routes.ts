// Signing in with the identity provider: /auth/login → the IdP → /auth/callback → a session cookie, or a page saying what failed.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { browserSessionEndpoints } from '@miniapps/contract/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refreshProfile, userOfIdentity } from '../auth/identities-repository.js';
import { routesOf } from '../http/route-of.js';
import { requestLanguage } from '../i18n/language.js';
import type { Platform } from '../platform.js';
import { cookie, cookieNames, readCookie } from '../sessions/cookies.js';
import { createSession, sessionIdOf } from '../sessions/store.js';
import { openSecret, sealSecret } from '../signing/secret-box.js';
import { claimAt, profileOfClaims } from './claims.js';
import { signInErrorPage } from './error-page.js';
import type { LoginChecks, RelyingParty } from './relying-party.js';
import { claimsOfTokens, refreshAtOf } from './session-resolver.js';
import { type SignInFailure, signInFailureOf } from './sign-in-errors.js';

/** A login must come back within this long; after it the callback says "start again". */
const LOGIN_SECONDS = 600; // 10 min
const ERROR_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";
/** What the login cookie is sealed for: a sealed session token cannot pass for one. */
const LOGIN_SEAL = 'oidc-login';

interface PendingLogin extends LoginChecks {
  returnTo: string;
}

/** Only a path on this platform: `//evil.example` and `/\evil.example` are other hosts to a browser. */
export function localPath(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > 2000 || !raw.startsWith('/')) return '/';
  if (raw.startsWith('//') || raw.startsWith('/\\') || [...raw].some((c) => c.charCodeAt(0) < 0x20))
    return '/';
  return raw;
}

export const signInRoutes: FastifyPluginAsyncTypebox<{ platform: Platform; rp: RelyingParty }> = async (
  app,
  { platform, rp },
) => {
  const { config } = rp;
  const key = platform.config.keys.platformKey;
  const secure = config.secureCookies;
  const { session: SESSION_COOKIE, login: LOGIN_COOKIE } = cookieNames(secure);
  const times = { idleSeconds: config.idleSeconds, absoluteSeconds: config.absoluteSeconds };

  function failurePage(request: FastifyRequest, reply: FastifyReply, failure: SignInFailure, email?: string) {
    platform.log.info(
      { reqId: request.id, problem: failure.problem, detail: failure.detail },
      'sign-in failed',
    );
    const status = failure.problem === 'idp_down' ? 502 : failure.problem === 'email_taken' ? 409 : 400;
    return (
      reply
        .code(status)
        .header('cache-control', 'no-store')
        // The page runs nothing and loads nothing: its one style is inline.
        .header('content-security-policy', ERROR_PAGE_CSP)
        .header('set-cookie', cookie(LOGIN_COOKIE, '', { secure, maxAge: 0, path: '/auth/' }))
        .type('text/html; charset=utf-8')
        .send(
          signInErrorPage(failure, requestLanguage(request.headers['accept-language']), {
            name: config.displayName,
            ...(email !== undefined && { email }),
          }),
        )
    );
  }

  const route = routesOf(app.prefix, browserSessionEndpoints);

  app.route({
    ...route('GET /auth/login'),
    handler: async (request, reply) => {
      let started: Awaited<ReturnType<RelyingParty['startLogin']>>;
      try {
        started = await rp.startLogin(
          request.query.lang ?? requestLanguage(request.headers['accept-language']),
        );
      } catch (error) {
        return failurePage(request, reply, signInFailureOf(error));
      }
      const pending: PendingLogin = { ...started.checks, returnTo: localPath(request.query.return_to) };
      // A second tab's login replaces this one: the first tab's callback then fails its state check (a clear page).
      const sealed = sealSecret(key, LOGIN_SEAL, JSON.stringify(pending));
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', cookie(LOGIN_COOKIE, sealed, { secure, maxAge: LOGIN_SECONDS, path: '/auth/' }))
        .redirect(started.url.href, 302);
    },
  });

  app.route({
    ...route('GET /auth/callback'),
    handler: async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const pending = pendingLogin(request.headers.cookie);
      if (!pending)
        return failurePage(request, reply, { problem: 'state_mismatch', detail: 'no login cookie' });
      let tokens: Awaited<ReturnType<RelyingParty['finishLogin']>>;
      let claims: Record<string, unknown>;
      try {
        tokens = await rp.finishLogin(query, pending);
        claims = await claimsOfTokens(rp, tokens);
      } catch (error) {
        return failurePage(request, reply, signInFailureOf(error));
      }
      const subject = String(tokens.claims.sub);
      const described = profileOfClaims(claims, config, subject, platform.log);
      if (!described.ok) {
        const address = claimAt(claims, config.claims.email);
        const email = typeof address === 'string' ? address : undefined;
        return failurePage(request, reply, { problem: described.problem, detail: 'claims' }, email);
      }
      const signedIn = await userOfIdentity(platform.db, rp.issuer, subject, described.profile);
      if (!signedIn.ok) {
        const failure = {
          problem: 'email_taken' as const,
          detail: `email of ${rp.issuer} ${subject} is taken`,
        };
        return failurePage(request, reply, failure, described.profile.email);
      }
      const user = signedIn.created
        ? signedIn.user
        : await refreshProfile(platform.db, signedIn.user, described.profile);
      // Rotated on sign-in: whatever session this browser had ends, and a new value is issued.
      const previous = readCookie(request.headers.cookie, SESSION_COOKIE);
      if (previous) await platform.sessions.delete(sessionIdOf(previous));
      const now = platform.clock.now();
      // Sessions past their absolute end go at each sign-in, so abandoned rows never pile up.
      await platform.sessions.deleteExpired(new Date(now));
      const { cookieValue } = await createSession(
        platform.sessions,
        key,
        {
          userId: user.id,
          issuer: rp.issuer,
          subject,
          refreshToken: tokens.refreshToken,
          idToken: tokens.idToken,
          refreshAt: refreshAtOf(now, tokens),
        },
        times,
        new Date(now),
      );
      platform.log.info(
        { reqId: request.id, userId: user.id, created: signedIn.created },
        'signed in with the identity provider',
      );
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', [
          cookie(SESSION_COOKIE, cookieValue, { secure, maxAge: config.absoluteSeconds }),
          cookie(LOGIN_COOKIE, '', { secure, maxAge: 0, path: '/auth/' }),
        ])
        .redirect(pending.returnTo, 303);
    },
  });

  function pendingLogin(header: string | undefined): PendingLogin | undefined {
    const sealed = readCookie(header, LOGIN_COOKIE);
    if (!sealed) return undefined;
    try {
      return JSON.parse(openSecret(key, LOGIN_SEAL, sealed)) as PendingLogin;
    } catch {
      return undefined;
    }
  }
};
