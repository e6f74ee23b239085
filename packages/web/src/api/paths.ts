// Addresses of the platform's API the client calls.

const part = encodeURIComponent;

export function orgPath(org: string): string {
  return `/api/v1/orgs/${part(org)}`;
}

export function appPath(org: string, slug: string): string {
  return `${orgPath(org)}/apps/${part(slug)}`;
}

export function consentPath(org: string, slug: string): string {
  return `/api/v1/me/apps/${part(org)}/${part(slug)}/consent`;
}

export function moderationPath(org: string, slug: string, action: string): string {
  return `/api/v1/moderation/apps/${part(org)}/${part(slug)}/${action}`;
}

/** The proxy route of an app (`screen` or `api`), with the app path appended as it is. */
export function proxyPath(org: string, slug: string, kind: 'screen' | 'api', path: string): string {
  return `/functions/v1/miniapp-proxy/${part(org)}/${part(slug)}/${kind}${path}`;
}

/** Client pages. */
export const pages = {
  app: (org: string, slug: string) => `/apps/${part(org)}/${part(slug)}`,
  consoleOrg: (org: string) => `/console/orgs/${part(org)}`,
  consoleApp: (org: string, slug: string) => `/console/orgs/${part(org)}/apps/${part(slug)}`,
  review: (org: string, slug: string) => `/moderation/apps/${part(org)}/${part(slug)}`,
  consent: (org: string, slug: string) => `/settings/apps/${part(org)}/${part(slug)}`,
};
