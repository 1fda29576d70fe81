import {
  DEFAULT_REDUNDANCY_LEVEL,
  DEFAULT_REORDER,
  HUB_PRIORITIES,
  hubPortOf,
  RedundancyLevel,
  type ApplicationRule,
  type EndpointType,
  type HubPriority,
  type PairingMode,
  type RuleProtocol,
  type RuleTopology,
} from '@halo/shared';

type Endpoint = (typeof EndpointType)[number];

/** The rule dialog's values (spec section 3's form fields, plus the labelled rule options). */
export interface RuleValues {
  readonly name: string;
  readonly isEnabled: boolean;
  /** Null is 'No VPN/Custom'. */
  readonly vpnProfileId: number | null;
  readonly topology: (typeof RuleTopology)[number];
  readonly pairingMode: (typeof PairingMode)[number];
  readonly protocol: (typeof RuleProtocol)[number];
  /** kbit/s; null is unlimited. */
  readonly bandwidthLimit: number | null;
  readonly hosts: readonly number[];
  readonly hostPort: number | null;
  readonly hostRedundancyLevel: number;
  readonly hostRedundancyPercentage: number | null;
  readonly hostReorder: number | null;
  readonly primaryHub: number | null;
  readonly secondaryHub: number | null;
  readonly tertiaryHub: number | null;
  readonly hubEndpointTypes: Readonly<Record<HubPriority, Endpoint>>;
  readonly hubIP: string;
  /** Each hub's control port (hubs_list[].port): two hubs never share a port (see hubPorts in shared). */
  readonly hubPorts: Readonly<Record<HubPriority, number | null>>;
  readonly hubRedundancyLevel: number;
  readonly hubRedundancyPercentage: number | null;
  readonly hubReorder: number | null;
}

export const HUB_FIELDS = { primary: 'primaryHub', secondary: 'secondaryHub', tertiary: 'tertiaryHub' } as const;

/** Section 9 defaults: levels 0, reorder 0, enabled, no VPN profile. */
export function emptyRuleValues(): RuleValues {
  return {
    name: '',
    isEnabled: true,
    vpnProfileId: null,
    topology: 'star',
    pairingMode: 'direct',
    protocol: 'udp',
    bandwidthLimit: null,
    hosts: [],
    hostPort: null,
    hostRedundancyLevel: DEFAULT_REDUNDANCY_LEVEL,
    hostRedundancyPercentage: null,
    hostReorder: DEFAULT_REORDER,
    primaryHub: null,
    secondaryHub: null,
    tertiaryHub: null,
    hubEndpointTypes: { primary: 'custom', secondary: 'custom', tertiary: 'custom' },
    hubIP: '',
    hubPorts: { primary: null, secondary: null, tertiary: null },
    hubRedundancyLevel: DEFAULT_REDUNDANCY_LEVEL,
    hubRedundancyPercentage: null,
    hubReorder: DEFAULT_REORDER,
  };
}

/** A listed rule as dialog values: hosts come keyed by id, hubs in priority order. */
export function ruleToValues(rule: ApplicationRule): RuleValues {
  const empty = emptyRuleValues();
  const hub = (priority: HubPriority) => rule.hubs_list.find((candidate) => candidate.priority === priority);
  const portOf = (priority: HubPriority) => {
    const found = hub(priority);
    return found ? hubPortOf(found, rule.hub_endpoint_info) : null;
  };
  return {
    name: rule.name,
    isEnabled: rule.is_enabled,
    vpnProfileId: rule.profile_id ?? null,
    topology: rule.topology ?? empty.topology,
    pairingMode: rule.pairing_mode ?? empty.pairingMode,
    protocol: rule.protocol ?? empty.protocol,
    bandwidthLimit: rule.bandwidth_limit_kbps ?? null,
    hosts: Object.values(rule.hosts_list).map((host) => host.device_id),
    hostPort: rule.host_endpoint_info?.port ?? null,
    hostRedundancyLevel: rule.hosts_settings.redundancy_level,
    hostRedundancyPercentage: rule.hosts_settings.redundancy_percentage ?? null,
    hostReorder: rule.hosts_settings.reorder,
    primaryHub: hub('primary')?.device_id ?? null,
    secondaryHub: hub('secondary')?.device_id ?? null,
    tertiaryHub: hub('tertiary')?.device_id ?? null,
    hubEndpointTypes: {
      primary: hub('primary')?.endpoint_type ?? 'custom',
      secondary: hub('secondary')?.endpoint_type ?? 'custom',
      tertiary: hub('tertiary')?.endpoint_type ?? 'custom',
    },
    hubIP: rule.hub_endpoint_info?.destination_ip ?? '',
    // A rule of the spec's shape (one port for all hubs) gives each hub that port.
    hubPorts: {
      primary: portOf('primary'),
      secondary: portOf('secondary'),
      tertiary: portOf('tertiary'),
    },
    hubRedundancyLevel: rule.hubs_settings.redundancy_level,
    hubRedundancyPercentage: rule.hubs_settings.redundancy_percentage ?? null,
    hubReorder: rule.hubs_settings.reorder,
  };
}

/** The hubs the rule sends: primary, then secondary, then tertiary, up to the first gap. */
export function chosenHubs(values: RuleValues): { readonly priority: HubPriority; readonly deviceId: number }[] {
  const chosen = [];
  for (const priority of HUB_PRIORITIES) {
    const deviceId = values[HUB_FIELDS[priority]];
    if (deviceId === null) break;
    chosen.push({ priority, deviceId });
  }
  return chosen;
}

/** The percentage is sent only with level 4 (custom), as section 5 says. */
function settings(level: number, percentage: number | null, reorder: number | null) {
  return {
    redundancy_level: level,
    redundancy_percentage: level === RedundancyLevel.CUSTOM ? percentage : null,
    reorder,
  };
}

/**
 * POST/PUT /application_rules body: hosts as a list, hubs primary then secondary then
 * tertiary (a gap ends the list) each with its port, and with a VPN profile no host or hub
 * endpoint info and no hub ports. hub_endpoint_info.port, the spec's one port, is the
 * primary hub's: what a reader of the spec's shape takes.
 */
export function rulePayload(values: RuleValues) {
  const usesProfile = values.vpnProfileId !== null;
  const hubs_list = chosenHubs(values).map(({ priority, deviceId }) => ({
    priority,
    device_id: deviceId,
    endpoint_type: values.hubEndpointTypes[priority],
    ...(usesProfile ? {} : { port: values.hubPorts[priority] }),
  }));
  const hubPort = values.hubPorts.primary;
  // Without an address the hub endpoint is missing as a whole (the hubs' ports are proposed).
  const hubEndpointEmpty = values.hubIP.trim() === '';
  return {
    name: values.name,
    is_enabled: values.isEnabled,
    profile_id: values.vpnProfileId,
    host_endpoint_info: usesProfile || values.hostPort === null ? null : { port: values.hostPort },
    hosts_list: [...values.hosts],
    hosts_settings: settings(values.hostRedundancyLevel, values.hostRedundancyPercentage, values.hostReorder),
    hubs_list,
    hub_endpoint_info: usesProfile || hubEndpointEmpty ? null : { destination_ip: values.hubIP.trim(), port: hubPort },
    hubs_settings: settings(values.hubRedundancyLevel, values.hubRedundancyPercentage, values.hubReorder),
    topology: values.topology,
    pairing_mode: values.pairingMode,
    protocol: values.protocol,
    bandwidth_limit_kbps: values.bandwidthLimit,
  };
}

const RULE_FIELD_OF_PATH: Readonly<Record<string, keyof RuleValues>> = {
  name: 'name',
  profile_id: 'vpnProfileId',
  hosts_list: 'hosts',
  host_endpoint_info: 'hostPort',
  'host_endpoint_info.port': 'hostPort',
  'hosts_settings.redundancy_level': 'hostRedundancyLevel',
  'hosts_settings.redundancy_percentage': 'hostRedundancyPercentage',
  'hosts_settings.reorder': 'hostReorder',
  hubs_list: 'primaryHub',
  hub_endpoint_info: 'hubIP',
  'hub_endpoint_info.destination_ip': 'hubIP',
  'hub_endpoint_info.port': 'hubPorts',
  'hubs_settings.redundancy_level': 'hubRedundancyLevel',
  'hubs_settings.redundancy_percentage': 'hubRedundancyPercentage',
  'hubs_settings.reorder': 'hubReorder',
  bandwidth_limit_kbps: 'bandwidthLimit',
};

/**
 * Which dialog field a problem of the request body belongs to (`hubs_list.1.device_id` →
 * primaryHub, `hubs_list.1.port` → hubPorts).
 */
export function ruleFieldOfPath(path: string): string | undefined {
  const exact = RULE_FIELD_OF_PATH[path];
  if (exact) return exact;
  const parts = path.split('.');
  if (parts[0] === 'hubs_list' && parts.at(-1) === 'port') return 'hubPorts';
  return parts[0] === undefined ? undefined : RULE_FIELD_OF_PATH[parts[0]];
}
