import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ApplicationRuleInputSchema,
  ApplicationRuleListResponseSchema,
  RedundancySettingsInputSchema,
} from './applicationRule.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);
const pathsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
const paramsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => (issue as { params?: { params?: unknown } }).params?.params);

const customRule = {
  name: 'video-uplink',
  is_enabled: true,
  host_endpoint_info: { port: 5000 },
  hosts_list: [11, 12],
  hosts_settings: { redundancy_level: 0, reorder: 0 },
  hubs_list: [
    { priority: 'primary', device_id: 1 },
    { priority: 'secondary', device_id: 2 },
  ],
  hub_endpoint_info: { destination_ip: '10.1.1.1', port: 6000 },
  hubs_settings: { redundancy_level: 4, redundancy_percentage: 180, reorder: 10 },
};

describe('RedundancySettingsInputSchema', () => {
  it.each([0, 1000])('accepts the percentage %i with level 4', (percentage) => {
    const parsed = RedundancySettingsInputSchema.parse({
      redundancy_level: 4,
      redundancy_percentage: percentage,
      reorder: 0,
    });
    expect(parsed.redundancy_percentage).toBe(percentage);
  });

  it('refuses -1 and 1001 with the range keys', () => {
    const below = RedundancySettingsInputSchema.safeParse({ redundancy_level: 4, redundancy_percentage: -1 });
    expect(messages(below)).toEqual(['validation.atLeast']);
    const above = RedundancySettingsInputSchema.safeParse({ redundancy_level: 4, redundancy_percentage: 1001 });
    expect(messages(above)).toEqual(['validation.notExceed']);
    expect(pathsOf(above)).toEqual(['redundancy_percentage']);
  });

  it('requires the percentage with level 4 and refuses it with any other level', () => {
    expect(messages(RedundancySettingsInputSchema.safeParse({ redundancy_level: 4 }))).toEqual(['validation.required']);
    expect(
      messages(RedundancySettingsInputSchema.safeParse({ redundancy_level: 2, redundancy_percentage: 100 })),
    ).toEqual(['validation.invalid']);
  });

  it('defaults to level 0, reorder 0 and no percentage', () => {
    expect(RedundancySettingsInputSchema.parse({})).toEqual({
      redundancy_level: 0,
      reorder: 0,
      redundancy_percentage: null,
    });
  });

  it.each([-1, 5, 1.5])('refuses the level %s stating the levels 0-4', (level) => {
    const result = RedundancySettingsInputSchema.safeParse({ redundancy_level: level });
    expect(messages(result)).toEqual(['validation.wholeNumberRange']);
    expect(paramsOf(result)).toEqual([['redundancy_level', 0, 4]]);
  });

  it('accepts reorder 0 and within range, and refuses outside it stating 0 or the range', () => {
    expect(RedundancySettingsInputSchema.safeParse({ reorder: 1000 }).success).toBe(true);
    for (const reorder of [1001, -1]) {
      const result = RedundancySettingsInputSchema.safeParse({ reorder });
      expect(messages(result)).toEqual(['validation.reorder']);
      expect(paramsOf(result)).toEqual([['reorder', 1, 1000]]);
    }
  });

  it('refuses unknown fields', () => {
    expect(RedundancySettingsInputSchema.safeParse({ redundancy_level: 0, redundancy: 1 }).success).toBe(false);
  });
});

describe('ApplicationRuleInputSchema', () => {
  it('accepts a custom-endpoint rule', () => {
    const parsed = ApplicationRuleInputSchema.parse(customRule);
    expect(parsed.profile_id).toBeNull();
    expect(parsed.hubs_settings.redundancy_percentage).toBe(180);
    expect(parsed.hosts_list).toEqual([11, 12]);
  });

  it('drops both endpoint infos when a VPN profile is chosen', () => {
    const parsed = ApplicationRuleInputSchema.parse({ ...customRule, profile_id: 4 });
    expect(parsed.profile_id).toBe(4);
    expect(parsed.host_endpoint_info).toBeNull();
    expect(parsed.hub_endpoint_info).toBeNull();
  });

  it('requires both endpoint infos without a VPN profile', () => {
    const result = ApplicationRuleInputSchema.safeParse({
      ...customRule,
      host_endpoint_info: null,
      hub_endpoint_info: undefined,
    });
    expect(messages(result)).toEqual(['validation.required', 'validation.required']);
    expect(pathsOf(result)).toEqual(['host_endpoint_info', 'hub_endpoint_info']);
  });

  it('checks the endpoints: ports 1-65535 and an IPv4 hub address', () => {
    expect(messages(ApplicationRuleInputSchema.safeParse({ ...customRule, host_endpoint_info: { port: 0 } }))).toEqual([
      'validation.portRange',
    ]);
    const badIp = { ...customRule, hub_endpoint_info: { destination_ip: '10.1.1', port: 6000 } };
    expect(messages(ApplicationRuleInputSchema.safeParse(badIp))).toEqual(['validation.invalid']);
  });

  it('takes hubs in the order primary, secondary, tertiary, at most three, each device once', () => {
    const tertiary = { priority: 'tertiary', device_id: 3 };
    expect(
      ApplicationRuleInputSchema.safeParse({ ...customRule, hubs_list: [...customRule.hubs_list, tertiary] }).success,
    ).toBe(true);
    expect(
      ApplicationRuleInputSchema.safeParse({
        ...customRule,
        hubs_list: [{ priority: 'primary', device_id: 1 }, tertiary],
      }).success,
    ).toBe(false);
    expect(
      ApplicationRuleInputSchema.safeParse({ ...customRule, hubs_list: [{ priority: 'secondary', device_id: 1 }] })
        .success,
    ).toBe(false);
    const fourHubs = [...customRule.hubs_list, tertiary, { priority: 'tertiary', device_id: 4 }];
    expect(messages(ApplicationRuleInputSchema.safeParse({ ...customRule, hubs_list: fourHubs }))).toContain(
      'validation.notExceed',
    );
    const twice = [
      { priority: 'primary', device_id: 1 },
      { priority: 'secondary', device_id: 1 },
    ];
    expect(ApplicationRuleInputSchema.safeParse({ ...customRule, hubs_list: twice }).success).toBe(false);
    // Refused hubs say what hubs are: servers, each once, primary then secondary then tertiary.
    for (const hubs of [twice, [{ priority: 'secondary', device_id: 1 }]]) {
      const result = ApplicationRuleInputSchema.safeParse({ ...customRule, hubs_list: hubs });
      expect(messages(result)).toEqual(['validation.ruleHubs']);
      expect(paramsOf(result)).toEqual([['hubs_list']]);
    }
    expect(messages(ApplicationRuleInputSchema.safeParse({ ...customRule, hubs_list: [] }))).toEqual([
      'validation.required',
    ]);
  });

  it('needs at least one host, takes each once and refuses a host that is also a hub', () => {
    expect(messages(ApplicationRuleInputSchema.safeParse({ ...customRule, hosts_list: [] }))).toEqual([
      'validation.required',
    ]);
    expect(ApplicationRuleInputSchema.parse({ ...customRule, hosts_list: [11, 11] }).hosts_list).toEqual([11]);
    const hostIsHub = ApplicationRuleInputSchema.safeParse({ ...customRule, hosts_list: [1] });
    expect(pathsOf(hostIsHub)).toEqual(['hosts_list']);
    // The refusal says what hosts are: client devices, none of them a hub of the rule.
    expect(messages(hostIsHub)).toEqual(['validation.ruleHosts']);
  });

  it('refuses a bandwidth limit that is not a whole number of at least 0, saying so', () => {
    for (const limit of [-1, 1.5]) {
      const result = ApplicationRuleInputSchema.safeParse({ ...customRule, bandwidth_limit_kbps: limit });
      expect(messages(result)).toEqual(['validation.wholeNumberAtLeast']);
      expect(paramsOf(result)).toEqual([['bandwidth_limit_kbps', 0]]);
    }
    expect(ApplicationRuleInputSchema.safeParse({ ...customRule, bandwidth_limit_kbps: 0 }).success).toBe(true);
  });

  it('refuses a name with a space and unknown fields', () => {
    expect(messages(ApplicationRuleInputSchema.safeParse({ ...customRule, name: 'video uplink' }))).toEqual([
      'validation.invalidCharacters',
    ]);
    expect(ApplicationRuleInputSchema.safeParse({ ...customRule, owner_id: 1 }).success).toBe(false);
    expect(
      ApplicationRuleInputSchema.safeParse({ ...customRule, host_endpoint_info: { port: 5000, ip: 'x' } }).success,
    ).toBe(false);
  });
});

describe('ApplicationRuleListResponseSchema', () => {
  it('reads hosts_list as an object keyed by host id', () => {
    const rule = {
      id: 1,
      name: 'video-uplink',
      is_enabled: true,
      profile_id: null,
      host_endpoint_info: { port: 5000 },
      hosts_list: { '11': { device_id: 11, name: 'cam-1' } },
      hosts_settings: { redundancy_level: 0, reorder: 0 },
      hubs_list: [{ priority: 'primary', device_id: 1 }],
      hub_endpoint_info: { destination_ip: '10.1.1.1', port: 6000 },
      hubs_settings: { redundancy_level: 4, redundancy_percentage: 180, reorder: 0 },
    };
    expect(
      ApplicationRuleListResponseSchema.parse({ application_rules: [rule] }).application_rules[0]?.hosts_list['11']
        ?.name,
    ).toBe('cam-1');
    expect(
      ApplicationRuleListResponseSchema.safeParse({ application_rules: [{ ...rule, hosts_list: [11] }] }).success,
    ).toBe(false);
  });
});
