// Addresses of the consoles' API calls and of the client's own pages (the host's calls know their own).

const part = encodeURIComponent;

export function orgPath(org: string): string {
  return `/api/v1/orgs/${part(org)}`;
}

export function appPath(org: string, slug: string): string {
  return `${orgPath(org)}/apps/${part(slug)}`;
}

export function moderationPath(org: string, slug: string, action: string): string {
  return `/api/v1/moderation/apps/${part(org)}/${part(slug)}/${action}`;
}

/** Client pages. */
export const pages = {
  app: (org: string, slug: string) => `/apps/${part(org)}/${part(slug)}`,
  consoleOrg: (org: string) => `/console/orgs/${part(org)}`,
  consoleApp: (org: string, slug: string) => `/console/orgs/${part(org)}/apps/${part(slug)}`,
  consoleStats: (org: string, slug: string) => `/console/orgs/${part(org)}/apps/${part(slug)}/stats`,
  review: (org: string, slug: string) => `/moderation/apps/${part(org)}/${part(slug)}`,
  consent: (org: string, slug: string) => `/settings/apps/${part(org)}/${part(slug)}`,
};
