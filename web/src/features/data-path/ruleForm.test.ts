import { ApplicationRuleInputSchema, type ApplicationRule } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { emptyRuleValues, ruleFieldOfPath, rulePayload, ruleToValues, type RuleValues } from './ruleForm';

const custom: RuleValues = {
  ...emptyRuleValues(),
  name: 'video',
  hosts: [3, 4],
  hostPort: 8080,
  primaryHub: 10,
  secondaryHub: 11,
  hubIP: '10.1.0.1',
  hubPorts: { primary: 1030, secondary: 1130, tertiary: null },
};

describe('rulePayload', () => {
  it('sends the hosts as a list and the hubs in priority order with their endpoint types and ports', () => {
    const payload = rulePayload({
      ...custom,
      hubEndpointTypes: { primary: 'custom', secondary: 'embedded_openvpn', tertiary: 'custom' },
    });
    expect(payload.hosts_list).toEqual([3, 4]);
    expect(payload.hubs_list).toEqual([
      { priority: 'primary', device_id: 10, endpoint_type: 'custom', port: 1030 },
      { priority: 'secondary', device_id: 11, endpoint_type: 'embedded_openvpn', port: 1130 },
    ]);
    expect(payload.host_endpoint_info).toEqual({ port: 8080 });
    // The spec's one port is the primary hub's: what a reader of the spec's shape takes.
    expect(payload.hub_endpoint_info).toEqual({ destination_ip: '10.1.0.1', port: 1030 });
    expect(payload.profile_id).toBeNull();
    expect(ApplicationRuleInputSchema.safeParse(payload).success).toBe(true);
  });

  it('ends the hubs at the first gap', () => {
    expect(rulePayload({ ...custom, secondaryHub: null, tertiaryHub: 12 }).hubs_list).toHaveLength(1);
  });

  it('drops both endpoint infos and the hubs’ ports when a VPN profile is chosen', () => {
    const payload = rulePayload({ ...custom, vpnProfileId: 7 });
    expect(payload.profile_id).toBe(7);
    expect(payload.host_endpoint_info).toBeNull();
    expect(payload.hub_endpoint_info).toBeNull();
    expect(payload.hubs_list.map((hub) => 'port' in hub)).toEqual([false, false]);
    expect(ApplicationRuleInputSchema.safeParse(payload).success).toBe(true);
  });

  it('sends the redundancy percentage only with level 4', () => {
    const customLevel = rulePayload({ ...custom, hostRedundancyLevel: 4, hostRedundancyPercentage: 180 });
    expect(customLevel.hosts_settings).toEqual({ redundancy_level: 4, redundancy_percentage: 180, reorder: 0 });
    const double = rulePayload({ ...custom, hubRedundancyLevel: 1, hubRedundancyPercentage: 180 });
    expect(double.hubs_settings).toEqual({ redundancy_level: 1, redundancy_percentage: null, reorder: 0 });
    expect(ApplicationRuleInputSchema.safeParse(double).success).toBe(true);
  });

  it('leaves a missing host port or hub endpoint for the schema to report', () => {
    const payload = rulePayload({ ...custom, hostPort: null, hubIP: '' });
    expect(payload.host_endpoint_info).toBeNull();
    expect(payload.hub_endpoint_info).toBeNull();
    const result = ApplicationRuleInputSchema.safeParse(payload);
    const fields = result.success ? [] : result.error.issues.map((issue) => ruleFieldOfPath(issue.path.join('.')));
    expect(fields).toEqual(['hostPort', 'hubIP']);
  });

  it('reports a secondary hub without a port at the hub ports', () => {
    const result = ApplicationRuleInputSchema.safeParse(
      rulePayload({ ...custom, hubPorts: { ...custom.hubPorts, secondary: null } }),
    );
    const fields = result.success ? [] : result.error.issues.map((issue) => ruleFieldOfPath(issue.path.join('.')));
    expect(fields).toEqual(['hubPorts']);
  });
});

describe('ruleFieldOfPath', () => {
  it('names the dialog field of each side of the settings', () => {
    expect(ruleFieldOfPath('hosts_settings.redundancy_percentage')).toBe('hostRedundancyPercentage');
    expect(ruleFieldOfPath('hubs_settings.redundancy_percentage')).toBe('hubRedundancyPercentage');
    expect(ruleFieldOfPath('hubs_list.1.device_id')).toBe('primaryHub');
    expect(ruleFieldOfPath('hub_endpoint_info.port')).toBe('hubPorts');
    expect(ruleFieldOfPath('hubs_list.1.port')).toBe('hubPorts');
    expect(ruleFieldOfPath('unknown')).toBeUndefined();
  });
});

describe('ruleToValues', () => {
  it('reads hosts keyed by id and hubs by priority back into the form', () => {
    const rule: ApplicationRule = {
      id: 1,
      name: 'video',
      is_enabled: false,
      profile_id: null,
      host_endpoint_info: { port: 8080 },
      hosts_list: { '3': { device_id: 3, name: 'host-a' }, '4': { device_id: 4, name: 'host-b' } },
      hosts_settings: { redundancy_level: 4, redundancy_percentage: 180, reorder: 0 },
      hubs_list: [
        { priority: 'primary', device_id: 10, port: 1030 },
        { priority: 'secondary', device_id: 11, endpoint_type: 'embedded_openvpn', port: 1130 },
      ],
      hub_endpoint_info: { destination_ip: '10.1.0.1', port: 5500 },
      hubs_settings: { redundancy_level: 0, redundancy_percentage: null, reorder: 5 },
      protocol: 'tcp',
    };
    const values = ruleToValues(rule);
    expect(values).toMatchObject({
      name: 'video',
      isEnabled: false,
      hosts: [3, 4],
      primaryHub: 10,
      secondaryHub: 11,
      tertiaryHub: null,
      hostRedundancyLevel: 4,
      hostRedundancyPercentage: 180,
      hubReorder: 5,
      protocol: 'tcp',
    });
    expect(values.hubEndpointTypes.secondary).toBe('embedded_openvpn');
    expect(values.hubPorts).toEqual({ primary: 1030, secondary: 1130, tertiary: null });
    expect(rulePayload(values).hosts_settings).toEqual(rule.hosts_settings);
  });

  it('gives every hub of a rule in the spec’s shape (no port per hub) the rule’s one port', () => {
    const rule: ApplicationRule = {
      id: 2,
      name: 'one-port',
      is_enabled: true,
      host_endpoint_info: { port: 8080 },
      hosts_list: { '3': { device_id: 3, name: 'host-a' } },
      hosts_settings: { redundancy_level: 0, reorder: 0 },
      hubs_list: [{ priority: 'primary', device_id: 10 }],
      hub_endpoint_info: { destination_ip: '10.1.0.1', port: 5500 },
      hubs_settings: { redundancy_level: 0, reorder: 0 },
    };
    expect(ruleToValues(rule).hubPorts).toEqual({ primary: 5500, secondary: null, tertiary: null });
  });
});
