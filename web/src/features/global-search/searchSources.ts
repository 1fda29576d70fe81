import { API, can, ROUTES, type Capability, type Subject } from '@halo/shared';
import type { ApiClient } from '../../lib/api';

export type SearchSourceName = 'environments' | 'users' | 'devices' | 'applicationRules' | 'vpnProfiles';

export interface SearchItem {
  readonly key: number | string;
  readonly label: string;
  /** Other text the item is found by (e-mail, manager, ...). */
  readonly extra: string;
}

/** One list the global search looks through, and where a result leads. */
export interface SearchSource {
  readonly name: SearchSourceName;
  readonly capability: Capability;
  /** The screen a result opens and the list whose search text it fills in. */
  readonly route: string;
  readonly list: string;
  readonly load: (api: Pick<ApiClient, 'call'>, environmentId: number, signal?: AbortSignal) => Promise<SearchItem[]>;
}

export const SEARCH_SOURCES: readonly SearchSource[] = [
  {
    name: 'devices',
    capability: 'devices.view',
    route: ROUTES.devices,
    list: 'devices',
    load: async (api, environmentId, signal) => {
      const answer = await api.call(API.devices.list, { params: { environmentId } }, { signal });
      return answer.devices.map((device) => ({ key: device.id, label: device.name, extra: '' }));
    },
  },
  {
    name: 'users',
    capability: 'users.view',
    route: ROUTES.users,
    list: 'users',
    load: async (api, environmentId, signal) => {
      const answer = await api.call(API.users.list, { params: { environmentId } }, { signal });
      return answer.users.map((user) => ({
        key: user.id,
        label: user.username,
        extra: [user.name ?? '', user.email ?? ''].join(' '),
      }));
    },
  },
  {
    name: 'environments',
    capability: 'environments.view',
    route: ROUTES.environments,
    list: 'environments',
    load: async (api, environmentId, signal) => {
      const answer = await api.call(API.environments.list, { params: { environmentId } }, { signal });
      return answer.environments.map((environment) => ({
        key: environment.id,
        label: environment.name,
        extra: [environment.username, environment.email ?? ''].join(' '),
      }));
    },
  },
  {
    name: 'applicationRules',
    capability: 'applicationRules.view',
    route: ROUTES.dataPath,
    list: 'dataPath',
    load: async (api, environmentId, signal) => {
      const answer = await api.call(API.applicationRules.list, { params: { environmentId } }, { signal });
      return answer.application_rules.map((rule) => ({ key: rule.id, label: rule.name, extra: '' }));
    },
  },
  {
    name: 'vpnProfiles',
    capability: 'openVpnProfiles.view',
    route: ROUTES.dataPath,
    list: 'dataPath',
    load: async (api, environmentId, signal) => {
      const answer = await api.call(API.vpn.profiles, { params: { environmentId } }, { signal });
      return answer.openvpn_profiles.map((profile) => ({ key: profile.id, label: profile.name, extra: '' }));
    },
  },
];

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
