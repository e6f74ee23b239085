// The map link openMap opens where a host has no map: an operator's https template (MAP_LINK_TEMPLATE) or this
// default, handed to every client by the platform so the web client and <miniapp-view> open the same maps.

/** OpenStreetMap with a marker: no key, every country. */
export const DEFAULT_MAP_LINK =
  'https://www.openstreetmap.org/?mlat={latitude}&mlon={longitude}#map=17/{latitude}/{longitude}';

/** Why a template cannot be a map link, or undefined when it can: https, and both coordinates in it. */
export function mapLinkProblem(template: string): string | undefined {
  let url: URL;
  try {
    url = new URL(template.replace(/\{(latitude|longitude|label)\}/g, '0'));
  } catch {
    return 'is not an absolute URL';
  }
  if (url.protocol !== 'https:') return 'must be an https address';
  if (!template.includes('{latitude}') || !template.includes('{longitude}'))
    return 'must hold {latitude} and {longitude}';
  return undefined;
}
