// The one registry of error codes the platform answers with, each with its HTTP status; messages live in the server's src/i18n.

/** Every code a client can see, with its HTTP status (docs/contract.md "Errors"); its default message is `errors.<code>` in the server's catalogues. */
export const errorCodes = {
  // generic
  bad_request: { status: 400 },
  unauthorized: { status: 401 },
  forbidden: { status: 403 },
  not_found: { status: 404 },
  conflict: { status: 409 },
  payload_too_large: { status: 413 },
  unsupported_media_type: { status: 415 },
  validation_failed: { status: 422 },
  internal: { status: 500 },
  unavailable: { status: 503 },
  // HTTP the server cannot parse (the server's http/client-error.ts)
  request_timeout: { status: 408 },
  headers_too_large: { status: 431 },

  // organizations, apps, tokens (management API)
  org_not_found: { status: 404 },
  org_exists: { status: 409 },
  app_exists: { status: 409 },
  bad_slug: { status: 422 },
  bad_origin: { status: 422 },
  service_not_allowed: { status: 422 },
  token_limit: { status: 422 },
  // quotas (docs/decisions.md "Quotas"); a rate quota answers `rate_limited` (429) instead
  quota_exceeded: { status: 422 },
  token_not_found: { status: 404 },
  user_not_found: { status: 404 },
  // members and invitations
  member_not_found: { status: 404 },
  last_owner: { status: 409 },
  already_member: { status: 409 },
  invitation_not_found: { status: 404 },
  dev_login_disabled: { status: 403 },
  // `miniapps dev --origin`: off exactly where the dev login is
  dev_origins_disabled: { status: 403 },
  // sign-in through the identity provider
  sign_in_not_configured: { status: 404 },

  // deploy (docs/contract.md "Deploy hosted screens")
  invalid_token: { status: 401 },
  app_not_found: { status: 422 },
  not_hosted: { status: 422 },
  suspended: { status: 422 },
  bad_screens: { status: 422 },
  // hosted files beside the screens (issues 20, 22)
  bad_data: { status: 422 },
  bad_strings: { status: 422 },
  files_too_large: { status: 413 },
  revision_not_found: { status: 404 },

  // moderation
  bad_transition: { status: 409 },

  // notify (docs/contract.md "Push to subscribers")
  not_published: { status: 422 },
  notifications_not_declared: { status: 422 },
  bad_notification: { status: 422 },

  // proxy (docs/contract.md "The proxy, as the client calls it")
  app_unavailable: { status: 403 },
  forbidden_origin: { status: 403 },
  bad_path: { status: 400 },
  method_not_allowed: { status: 405 },
  rate_limited: { status: 429 },
  no_backend: { status: 404 },
  dataset_not_found: { status: 404 },
  origin_redirect: { status: 502 },
  origin_invalid_json: { status: 502 },
  origin_too_large: { status: 502 },
  origin_bad_document: { status: 502 },
  origin_timeout: { status: 504 },
  origin_unreachable: { status: 502 },
  service_not_found: { status: 404 },
  // files sent through the proxy (docs/contract.md "Files through the proxy")
  bad_upload: { status: 400 },
  file_too_large: { status: 413 },
  upload_too_large: { status: 413 },
  file_type_refused: { status: 415 },
  file_type_mismatch: { status: 422 },

  // per-user app storage
  bad_key: { status: 400 },
  value_too_large: { status: 413 },
  too_many_keys: { status: 422 },

  // form responses of hosted apps (docs/renderer-spec.md "Form responses")
  collection_not_found: { status: 404 },
  form_closed: { status: 409 },
  form_full: { status: 409 },
  response_limit: { status: 409 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof errorCodes;
