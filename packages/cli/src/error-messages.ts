// What to do about each error code the platform answers with: a hint printed under the platform's own message.

/**
 * Every code of CONTRACT.md and DESIGN.md the CLI can meet, and the local ones. A test keeps this list in step
 * with the server's registry, so no code reaches a user without advice.
 */
export const errorHints: Record<string, string> = {
  // deploy and notify (deploy token)
  invalid_token:
    'The deploy token is unknown or revoked. Create one with `miniapps tokens create <name> --save`, or set MINIAPPS_TOKEN.',
  app_not_found:
    "Check --org and --slug (or miniapp.json), and that the token's account is a member of that organization.",
  not_hosted:
    'This app is registered as remote: its screens come from its origin. Deploy your server instead.',
  suspended: 'Moderation has suspended the app; deploys and pushes are refused until a moderator lifts it.',
  bad_screens: 'Fix the screens listed above; `miniapps validate <dir>` checks them offline.',
  not_published:
    'A push needs a published app: submit it (`miniapps deploy --submit`) and wait for approval.',
  notifications_not_declared:
    'Declare the "notifications" scope on the app (and have it approved) before sending pushes.',
  bad_notification:
    'A push has a title of at most 80 characters, a body of at most 200, and a page starting with "/".',
  // management API (user token)
  unauthorized:
    'Sign in again: `miniapps login --email you@example.org` (dev login) or `miniapps login --with-token`, or set MINIAPPS_USER_TOKEN.',
  forbidden: 'Your account is not allowed to do this.',
  not_found: 'Nothing at that address: check the ids you gave, and that MINIAPPS_URL is the platform.',
  token_limit:
    'An account holds at most 5 deploy tokens: `miniapps tokens list`, then `miniapps tokens revoke <id>`.',
  token_not_found: 'No such token among yours: `miniapps tokens list` shows their ids.',
  dev_login_disabled:
    'This platform has no dev login (production). Get a user token from your identity provider: `miniapps login --with-token`.',
  user_not_found: 'No account with that e-mail; the person signs in once first.',
  org_not_found: 'No such organization, or you are not a member of it.',
  org_exists: 'Pick another organization id.',
  app_exists: 'Pick another slug.',
  bad_slug: 'A slug is 2 to 63 lowercase letters, digits or hyphens.',
  bad_origin: 'An origin is an https base address such as https://app.example.org.',
  service_not_allowed: 'Service apps are created by the platform only; use hosted or remote.',
  revision_not_found: 'No such revision; the last 20 are kept.',
  bad_transition: 'The app is not in a state that allows this.',
  // generic
  bad_request: 'The platform could not read the request; the message above says which field.',
  validation_failed: 'A field has a value the platform does not accept; the message above says which.',
  conflict: 'It exists already.',
  payload_too_large: 'The request is too large: split the screens or make them smaller.',
  unsupported_media_type: 'The platform expects JSON.',
  method_not_allowed: 'The platform does not allow this method here; is MINIAPPS_URL the platform?',
  rate_limited: 'Too many requests; wait a little and try again.',
  internal: 'The platform failed on its side; try again, and tell its operators if it persists.',
  unavailable: 'The platform is not ready (starting or shutting down); try again shortly.',
  // proxy (seen by `miniapps dev` and scripts calling through the proxy)
  app_unavailable: 'The app is not available to users (not published, suspended or rejected).',
  forbidden_origin: "The app's origin is not an allowed https host.",
  bad_path: 'Paths start with "/" and may not contain "..".',
  no_backend: 'A hosted app has no API backend; networkRequest needs a remote app.',
  origin_redirect: 'Your origin answered with a redirect, which the proxy does not follow.',
  origin_invalid_json: 'Your origin must answer JSON, also for errors (no HTML pages).',
  origin_too_large: 'Your origin answered more than 512 KB.',
  origin_timeout: 'Your origin took over 10 seconds.',
  origin_unreachable: 'The proxy could not reach your origin.',
  service_not_found: 'No such service function.',
  // local
  unreachable: 'Is the platform running at that address? Set MINIAPPS_URL (or --url) to its base address.',
  not_json: 'The address answered something that is not the platform; MINIAPPS_URL is its base address.',
};

export function hintFor(code: string): string | undefined {
  return errorHints[code];
}
