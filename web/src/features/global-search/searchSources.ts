import { can, type Subject } from '@halo/shared';
import type { ApiClient } from '../../lib/api';
import type { ScreenEntry, SearchItem, SearchSource } from '../../lib/screens';

/** Every screen's searchable lists, each leading to its screen, in the order results are shown. */
export function searchSourcesOf(screens: readonly ScreenEntry[]): SearchSource[] {
  return screens
    .flatMap((screen) => (screen.search ?? []).map((source): SearchSource => ({ ...source, route: screen.path })))
    .sort((a, b) => a.rank - b.rank);
}

export interface SearchGroup {
  readonly source: SearchSource;
  readonly items: readonly SearchItem[];
}

/** Only the lists the user may view are ever asked for. */
export function allowedSources(subject: Subject | null, sources: readonly SearchSource[]) {
  return sources.filter((source) => can(subject, source.capability));
}

/**
 * Loads every allowed list at once. A list that does not answer (devices before their
 * screen exists, a call refused) is left out rather than failing the search.
 */
export async function loadSearchGroups(
  api: Pick<ApiClient, 'call'>,
  environmentId: number,
  subject: Subject | null,
  sources: readonly SearchSource[],
  signal?: AbortSignal,
): Promise<SearchGroup[]> {
  const allowed = allowedSources(subject, sources);
  const settled = await Promise.allSettled(allowed.map((source) => source.load(api, environmentId, signal)));
  return allowed.flatMap((source, index) => {
    const outcome = settled[index];
    return outcome?.status === 'fulfilled' ? [{ source, items: outcome.value }] : [];
  });
}

export const RESULTS_PER_GROUP = 5;

/** The groups with the items matching `text` (case-insensitive, name first), empty groups dropped. */
export function filterSearchGroups(groups: readonly SearchGroup[], text: string, limit = RESULTS_PER_GROUP) {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [];
  return groups
    .map((group) => {
      const byName = group.items.filter((item) => item.label.toLowerCase().includes(needle));
      const byExtra = group.items.filter(
        (item) => !item.label.toLowerCase().includes(needle) && item.extra.toLowerCase().includes(needle),
      );
      return { source: group.source, items: [...byName, ...byExtra].slice(0, limit) };
    })
    .filter((group) => group.items.length > 0);
}
