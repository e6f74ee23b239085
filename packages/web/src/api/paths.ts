// Addresses of the client's own pages (the API's come from @miniapps/contract's endpoint table).

const part = encodeURIComponent;

/** Client pages. */
export const pages = {
  app: (org: string, slug: string) => `/apps/${part(org)}/${part(slug)}`,
  /** The development push inbox. */
  inbox: '/notifications',
  consoleOrg: (org: string) => `/console/orgs/${part(org)}`,
  consoleApp: (org: string, slug: string) => `/console/orgs/${part(org)}/apps/${part(slug)}`,
  consoleStats: (org: string, slug: string) => `/console/orgs/${part(org)}/apps/${part(slug)}/stats`,
  consoleResponses: (org: string, slug: string) => `/console/orgs/${part(org)}/apps/${part(slug)}/responses`,
  consoleStudio: (org: string, slug: string) => `/console/orgs/${part(org)}/apps/${part(slug)}/studio`,
  review: (org: string, slug: string) => `/moderation/apps/${part(org)}/${part(slug)}`,
  consent: (org: string, slug: string) => `/settings/apps/${part(org)}/${part(slug)}`,
};
