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
 * The allowed lists' items, each asked with `ask` (a list without it is not asked). A list that
 * does not answer (a call refused) is left out rather than failing the search.
 */
async function askSources(
  subject: Subject | null,
  sources: readonly SearchSource[],
  ask: (source: SearchSource) => Promise<SearchItem[]> | null,
): Promise<SearchGroup[]> {
  const asked = allowedSources(subject, sources).flatMap((source) => {
    const answer = ask(source);
    return answer ? [{ source, answer }] : [];
  });
  const settled = await Promise.allSettled(asked.map(({ answer }) => answer));
  return asked.flatMap(({ source }, index) => {
    const outcome = settled[index];
    return outcome?.status === 'fulfilled' ? [{ source, items: outcome.value }] : [];
  });
}

/** Loads every allowed list that is loaded whole (`load`), at once. */
export const loadSearchGroups = (
  api: Pick<ApiClient, 'call'>,
  environmentId: number,
  subject: Subject | null,
  sources: readonly SearchSource[],
  signal?: AbortSignal,
) => askSources(subject, sources, (source) => source.load?.(api, environmentId, signal) ?? null);

/** Asks every allowed list searched on the server (`find`) for `text`, at once. */
export const findSearchGroups = (
  api: Pick<ApiClient, 'call'>,
  environmentId: number,
  subject: Subject | null,
  sources: readonly SearchSource[],
  text: string,
  signal?: AbortSignal,
) => askSources(subject, sources, (source) => source.find?.(api, environmentId, text, signal) ?? null);

/** Groups in the order their lists are shown (the sources' rank). */
export const byRank = (groups: readonly SearchGroup[]) => [...groups].sort((a, b) => a.source.rank - b.source.rank);

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
