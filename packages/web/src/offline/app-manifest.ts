// While a mini-app's page is open, the page links the app's own manifest (served by the platform), so the browser's
// install makes a home-screen icon that opens that app; leaving the page links the client's manifest again.
import { useEffect } from 'react';
import { forgetInstallOffer } from './installable.js';

/** The client's manifest, as index.html links it. */
export const CLIENT_MANIFEST = '/manifest.webmanifest';

export const appManifest = (org: string, slug: string, name: string): string =>
  `/apps/${encodeURIComponent(org)}/${encodeURIComponent(slug)}/manifest.webmanifest?name=${encodeURIComponent(name)}`;

function linkManifest(href: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel=manifest]');
  if (!link || link.getAttribute('href') === href) return;
  link.setAttribute('href', href);
  forgetInstallOffer();
}

/** Links the app's manifest once its name is known. */
export function useAppManifest(org: string, slug: string, name: string | undefined): void {
  useEffect(() => {
    if (name === undefined) return;
    linkManifest(appManifest(org, slug, name));
    return () => linkManifest(CLIENT_MANIFEST);
  }, [org, slug, name]);
}
