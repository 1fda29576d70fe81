import { can, type Capability, type Subject } from '@halo/shared';
import { SCREENS } from '../../app/screenRegistry';
import type { ApiClient } from '../../lib/api';

export interface SearchItem {
  readonly key: number | string;
  readonly label: string;
  /** Other text the item is found by (e-mail, manager, ...). */
  readonly extra: string;
}

/** One list the global search looks through, and where a result leads. */
export interface SearchSource {
  /** Names the list in test ids and the search store. */
  readonly name: string;
  /** i18n key of the list's heading in the results. */
  readonly labelKey: string;
  readonly capability: Capability;
  /** Where the list's results come among the others (devices first: operators look for them most). */
  readonly rank: number;
  /** The screen a result opens and the list whose search text it fills in. */
  readonly route: string;
  readonly list: string;
  readonly load: (api: Pick<ApiClient, 'call'>, environmentId: number, signal?: AbortSignal) => Promise<SearchItem[]>;
}

/** What a screen declares about a list global search looks through (the registry adds where it leads). */
export type SearchSourceDeclaration = Omit<SearchSource, 'route'>;

/** Every screen's searchable lists, each leading to its screen, in the order results are shown. */
export const SEARCH_SOURCES: readonly SearchSource[] = SCREENS.flatMap((screen) =>
  (screen.search ?? []).map((source): SearchSource => ({ ...source, route: screen.path })),
).sort((a, b) => a.rank - b.rank);

export interface SearchGroup {
  readonly source: SearchSource;
  readonly items: readonly SearchItem[];
}

/** Only the lists the user may view are ever asked for. */
export function allowedSources(subject: Subject | null, sources: readonly SearchSource[] = SEARCH_SOURCES) {
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
  signal?: AbortSignal,
  sources: readonly SearchSource[] = SEARCH_SOURCES,
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
