// MAP_LINK_TEMPLATE: the https map link openMap opens where a host has no map of its own.
import { DEFAULT_MAP_LINK, mapLinkProblem } from '@miniapps/contract';
import type { KnownEnv } from './variables.js';

/** The operator's template, checked once at start; OpenStreetMap when unset. */
export function parseMapLink(env: KnownEnv, problems: string[]): string {
  const raw = env.MAP_LINK_TEMPLATE?.trim();
  if (raw === undefined || raw === '') return DEFAULT_MAP_LINK;
  const problem = mapLinkProblem(raw);
  if (problem !== undefined) {
    problems.push(`MAP_LINK_TEMPLATE ${problem} (e.g. https://maps.uni.example/?ll={latitude},{longitude})`);
    return DEFAULT_MAP_LINK;
  }
  return raw;
}
