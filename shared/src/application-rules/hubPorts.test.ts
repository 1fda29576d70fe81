import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../api/openApi.js';
import { ValidationKey } from '../validation/rules.js';
import { applicationRuleInputSchemaFor, ApplicationRuleInputSchema } from './applicationRule.js';
import { commonHubPorts, hubPortOf, hubPortProblems, proposeHubPort, type HubDevice } from './hubPorts.js';

// Two servers of one environment: their control ports never overlap (error 52), as in issue 24.
const HUBS: Readonly<Record<number, HubDevice>> = {
  1: { name: 'hub-east', ports: { from: 1024, to: 1063 } },
  2: { name: 'hub-west', ports: { from: 1120, to: 1159 } },
  3: { name: 'hub-spare', ports: null },
};
const hubOf = (deviceId: number) => HUBS[deviceId];

const rule = {
  name: 'video-uplink',
  host_endpoint_info: { port: 5000 },
  hosts_list: [11],
  hubs_list: [
    { priority: 'primary', device_id: 1 },
    { priority: 'secondary', device_id: 2 },
  ],
  hub_endpoint_info: { destination_ip: '10.1.1.1', port: 1030 },
};

describe('hubPortOf', () => {
  it('is the hub’s own port, else the one port of hub_endpoint_info, else none', () => {
    expect(hubPortOf({ port: 1130 }, { port: 1030 })).toBe(1130);
    expect(hubPortOf({}, { port: 1030 })).toBe(1030);
    expect(hubPortOf({ port: null }, { port: 1030 })).toBe(1030);
    expect(hubPortOf({}, null)).toBeNull();
  });
});

describe('hubPortProblems', () => {
  it('names each hub whose port lies outside its control ports, with its place and range', () => {
    const hubs = [
      { priority: 'primary' as const, device_id: 1, port: 1030 },
      { priority: 'secondary' as const, device_id: 2, port: 1030 },
    ];
    expect(hubPortProblems(hubs, hubOf)).toEqual([
      { index: 1, priority: 'secondary', device_id: 2, name: 'hub-west', port: 1030, ports: { from: 1120, to: 1159 } },
    ]);
    expect(hubPortProblems([hubs[0]!, { ...hubs[1]!, port: 1130 }], hubOf)).toEqual([]);
  });

  it('takes both ends of a range and leaves hubs without a range or a port to other checks', () => {
    const at = (port: number | null) => [{ priority: 'primary' as const, device_id: 2, port }];
    expect(hubPortProblems(at(1120), hubOf)).toEqual([]);
    expect(hubPortProblems(at(1159), hubOf)).toEqual([]);
    expect(hubPortProblems(at(1119), hubOf)).toHaveLength(1);
    expect(hubPortProblems(at(1160), hubOf)).toHaveLength(1);
    expect(hubPortProblems(at(null), hubOf)).toEqual([]);
    expect(hubPortProblems([{ priority: 'primary', device_id: 3, port: 9 }], hubOf)).toEqual([]);
    expect(hubPortProblems([{ priority: 'primary', device_id: 99, port: 9 }], hubOf)).toEqual([]);
  });
});

describe('commonHubPorts', () => {
  it('is the ports every range shares, or null when there are none', () => {
    expect(commonHubPorts([{ from: 1000, to: 2000 }, { from: 1500, to: 3000 }, null])).toEqual({
      from: 1500,
      to: 2000,
    });
    expect(commonHubPorts([HUBS[1]!.ports, HUBS[2]!.ports])).toBeNull();
    expect(commonHubPorts([])).toBeNull();
  });
});

describe('proposeHubPort', () => {
  it('keeps a port that fits and otherwise proposes the first of the hub’s control ports', () => {
    expect(proposeHubPort({ from: 1120, to: 1159 }, 1130)).toBe(1130);
    expect(proposeHubPort({ from: 1120, to: 1159 }, 1030)).toBe(1120);
    expect(proposeHubPort({ from: 1120, to: 1159 }, null)).toBe(1120);
    expect(proposeHubPort(null, 1030)).toBe(1030);
    expect(proposeHubPort(null, null)).toBeNull();
  });
});

describe('a rule with a port per hub', () => {
  it('carries each hub’s own port, and gives hubs without one the port of hub_endpoint_info', () => {
    const parsed = ApplicationRuleInputSchema.parse({
      ...rule,
      hubs_list: [
        { priority: 'primary', device_id: 1, port: 1030 },
        { priority: 'secondary', device_id: 2, port: 1130 },
      ],
    });
    expect(parsed.hubs_list.map((hub) => hub.port)).toEqual([1030, 1130]);
    // A client of the spec sends one port for all hubs: each hub gets it.
    expect(ApplicationRuleInputSchema.parse(rule).hubs_list.map((hub) => hub.port)).toEqual([1030, 1030]);
  });

  it('drops the hubs’ ports with the endpoints when a VPN profile is chosen', () => {
    const parsed = ApplicationRuleInputSchema.parse({
      ...rule,
      profile_id: 4,
      hubs_list: [{ priority: 'primary', device_id: 1, port: 1030 }],
    });
    expect(parsed.hubs_list).toEqual([{ priority: 'primary', device_id: 1 }]);
  });

  it('checks a hub’s own port as any port (1-65535)', () => {
    const result = ApplicationRuleInputSchema.safeParse({
      ...rule,
      hubs_list: [{ priority: 'primary', device_id: 1, port: 70000 }],
    });
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['hubs_list.0.port', ValidationKey.PORT_RANGE],
    ]);
  });

  it('with the hubs known, refuses a port outside a hub’s control ports at that hub, naming it and its range', () => {
    const schema = applicationRuleInputSchemaFor(hubOf);
    const result = schema.safeParse(rule);
    expect(result.success).toBe(false);
    const issues = result.success ? [] : result.error.issues;
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['hubs_list.1.port', ValidationKey.HUB_CONTROL_PORTS],
    ]);
    expect((issues[0] as { params?: { params?: unknown } }).params?.params).toEqual(['port', 'hub-west', 1120, 1159]);
    const perHub = {
      ...rule,
      hubs_list: [
        { priority: 'primary', device_id: 1, port: 1030 },
        { priority: 'secondary', device_id: 2, port: 1130 },
      ],
    };
    expect(schema.safeParse(perHub).success).toBe(true);
  });

  it('reports a hub’s own port outside its range while the rest of the rule is still incomplete (the form)', () => {
    const result = applicationRuleInputSchemaFor(hubOf).safeParse({
      ...rule,
      name: '',
      hosts_list: [],
      hubs_list: [
        { priority: 'primary', device_id: 1, port: 1030 },
        { priority: 'secondary', device_id: 2, port: 1030 },
      ],
    });
    const issues = result.success ? [] : result.error.issues;
    expect(
      issues.filter((issue) => issue.message === ValidationKey.HUB_CONTROL_PORTS).map((issue) => issue.path),
    ).toEqual([['hubs_list', 1, 'port']]);
  });
});

describe('the OpenAPI document', () => {
  it('documents a hub’s own port as an extension, in what a client sends and what it reads', () => {
    const operations = openApiDocument('test').paths['/config/{environmentId}/application_rules'] as Record<
      string,
      { requestBody?: unknown; responses: Record<string, unknown> }
    >;
    type Schema = { properties?: Record<string, Schema>; items?: Schema; description?: string; [key: string]: unknown };
    const hubPort = (schema: Schema) => schema.properties?.hubs_list?.items?.properties?.port;
    const sent = (operations.post?.requestBody as { content: Record<string, { schema: Schema }> }).content[
      'application/json'
    ]!.schema;
    const read = (operations.get?.responses['200'] as { content: Record<string, { schema: Schema }> }).content[
      'application/json'
    ]!.schema.properties!.application_rules!.items!;
    for (const port of [hubPort(sent), hubPort(read)]) {
      expect(port?.['x-halo-extension']).toBe(true);
      expect(port?.description).toContain('hub_endpoint_info.port');
    }
  });
});
