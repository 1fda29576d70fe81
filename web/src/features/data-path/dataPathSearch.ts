import { API } from '@halo/shared';
import type { SearchSourceDeclaration } from '../../lib/screens';

/** Global search looks for application rules by name; a result opens Data path searched for it. */
export const applicationRulesSearch: SearchSourceDeclaration = {
  name: 'applicationRules',
  labelKey: 'search.lists.applicationRules',
  capability: 'applicationRules.view',
  list: 'dataPath',
  rank: 4,
  load: async (api, environmentId, signal) => {
    const answer = await api.call(API.applicationRules.list, { params: { environmentId } }, { signal });
    return answer.application_rules.map((rule) => ({ key: rule.id, label: rule.name, extra: '' }));
  },
};

/** Global search looks for VPN profiles by name. */
export const vpnProfilesSearch: SearchSourceDeclaration = {
  name: 'vpnProfiles',
  labelKey: 'search.lists.vpnProfiles',
  capability: 'openVpnProfiles.view',
  list: 'dataPath',
  rank: 5,
  load: async (api, environmentId, signal) => {
    const answer = await api.call(API.vpn.profiles, { params: { environmentId } }, { signal });
    return answer.openvpn_profiles.map((profile) => ({ key: profile.id, label: profile.name, extra: '' }));
  },
};
