import { useAdminSuite } from '../../testing/adminSuite.js';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@halo/shared';
import { clientDevice, createDevice, serverDevice } from '../../testing/devices.js';
import { as, createUser } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

describe.each(DIALECTS)('application rules on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const { send } = suite;

  it('manages application rules with errors 60, 61, 64, 62 and keeps the percentage only with level 4', async () => {
    const hostA = await createDevice(suite.provider.api, suite.admin, clientDevice('host-a'));
    const hostB = await createDevice(suite.provider.api, suite.admin, clientDevice('host-b'));
    const hub = await createDevice(suite.provider.api, suite.admin, serverDevice('hub-1', 5000, 6000));
    const rule = (name: string, extra: object = {}) => ({
      name,
      hosts_list: [hostA],
      hubs_list: [{ priority: 'primary', device_id: hub }],
      host_endpoint_info: { port: 8080 },
      hub_endpoint_info: { destination_ip: '10.1.0.1', port: 5500 },
      hosts_settings: { redundancy_level: 4, redundancy_percentage: 180, reorder: 0 },
      ...extra,
    });
    const created = await send(suite.admin, 'post', '/application_rules', rule('video'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.application_rule.hosts_list[String(hostA)].name).toBe('host-a');
    expect(created.body.application_rule.hosts_settings).toEqual({
      redundancy_level: 4,
      redundancy_percentage: 180,
      reorder: 0,
    });
    expect(
      (await send(suite.admin, 'post', '/application_rules', rule('VIDEO', { hosts_list: [hostB] }))).body.error,
    ).toBe(ErrorCode.RULE_NAME_EXISTS);
    expect((await send(suite.admin, 'post', '/application_rules', rule('video-2'))).body.error).toBe(
      ErrorCode.RULE_PARAMETERS_EXIST,
    );
    const outside = rule('video-3', {
      hosts_list: [hostB],
      hub_endpoint_info: { destination_ip: '10.1.0.1', port: 7000 },
    });
    expect((await send(suite.admin, 'post', '/application_rules', outside)).body.error).toBe(
      ErrorCode.HUB_CONTROL_PORTS_ADD,
    );
    const updateOutside = rule('video', { hub_endpoint_info: { destination_ip: '10.1.0.1', port: 4999 } });
    expect((await send(suite.admin, 'put', `/application_rules/${created.body.id}`, updateOutside)).body.error).toBe(
      ErrorCode.HUB_CONTROL_PORTS_UPDATE,
    );
    const serverAsHost = await send(
      suite.admin,
      'post',
      '/application_rules',
      rule('bad-host', { hosts_list: [hub], hubs_list: [{ priority: 'primary', device_id: hostB }] }),
    );
    expect(serverAsHost.body.error).toBe(ErrorCode.MISSING_VALUES);
    // Each side says what it takes: client devices as hosts, server devices as hubs.
    expect(serverAsHost.body.fields).toEqual({ hosts_list: 'validation.ruleHosts', hubs_list: 'validation.ruleHubs' });
    const percentageWithoutCustom = rule('x', {
      hosts_settings: { redundancy_level: 1, redundancy_percentage: 180, reorder: 0 },
    });
    expect((await send(suite.admin, 'post', '/application_rules', percentageWithoutCustom)).body.error).toBe(
      ErrorCode.MISSING_VALUES,
    );
  });

  /** Two hubs whose control ports differ, as in issue 24: 1024-1063 and 1120-1159 (servers' ranges never overlap). */
  async function twoHubs() {
    const api = suite.provider.api;
    return {
      host: await createDevice(api, suite.admin, clientDevice('cam-1')),
      otherHost: await createDevice(api, suite.admin, clientDevice('cam-2')),
      east: await createDevice(api, suite.admin, serverDevice('hub-east', 1024, 1063)),
      west: await createDevice(api, suite.admin, serverDevice('hub-west', 1120, 1159)),
    };
  }
  const twoHubRule = (
    name: string,
    host: number,
    east: number,
    west: number,
    ports: [number?, number?],
    shared = 1030,
  ) => ({
    name,
    hosts_list: [host],
    hubs_list: [
      { priority: 'primary', device_id: east, ...(ports[0] === undefined ? {} : { port: ports[0] }) },
      { priority: 'secondary', device_id: west, ...(ports[1] === undefined ? {} : { port: ports[1] }) },
    ],
    host_endpoint_info: { port: 8080 },
    hub_endpoint_info: { destination_ip: '10.1.0.1', port: shared },
  });

  it('saves a rule whose two hubs have different control ports, with a port for each hub, and answers them', async () => {
    const { host, east, west } = await twoHubs();
    const created = await send(
      suite.admin,
      'post',
      '/application_rules',
      twoHubRule('video', host, east, west, [1030, 1130]),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.application_rule.hubs_list).toEqual([
      { priority: 'primary', device_id: east, port: 1030 },
      { priority: 'secondary', device_id: west, port: 1130 },
    ]);
    // The spec's one port stays what the client sent: a client of the spec reads a working rule.
    expect(created.body.application_rule.hub_endpoint_info).toEqual({ destination_ip: '10.1.0.1', port: 1030 });
    const listed = await send(suite.admin, 'get', '/application_rules');
    expect(listed.body.application_rules[0].hubs_list.map((hub: { port: number }) => hub.port)).toEqual([1030, 1130]);

    const moved = await send(
      suite.admin,
      'put',
      `/application_rules/${created.body.id}`,
      twoHubRule('video', host, east, west, [1063, 1159]),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.application_rule.hubs_list.map((hub: { port: number }) => hub.port)).toEqual([1063, 1159]);
  });

  it('still saves one port for all hubs (a client of the spec) when it fits every hub', async () => {
    const { host } = await twoHubs();
    const api = suite.provider.api;
    const wide = await createDevice(api, suite.admin, serverDevice('hub-wide', 20000, 20999));
    const created = await send(suite.admin, 'post', '/application_rules', {
      name: 'one-port',
      hosts_list: [host],
      hubs_list: [{ priority: 'primary', device_id: wide }],
      host_endpoint_info: { port: 8080 },
      hub_endpoint_info: { destination_ip: '10.1.0.1', port: 20500 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.application_rule.hubs_list).toEqual([{ priority: 'primary', device_id: wide, port: 20500 }]);
    expect(created.body.application_rule.hub_endpoint_info).toEqual({ destination_ip: '10.1.0.1', port: 20500 });
  });

  it('refuses one port for hubs that share none, naming the hub, its range and that no port fits all (64, 62)', async () => {
    const { host, east, west } = await twoHubs();
    const refused = await send(suite.admin, 'post', '/application_rules', twoHubRule('video', host, east, west, []));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(ErrorCode.HUB_CONTROL_PORTS_ADD);
    expect(refused.body.fields).toMatchObject({
      hub_device_id: west,
      hub_name: 'hub-west',
      hub_priority: 'secondary',
      port: 1030,
      ports: { from: 1120, to: 1159 },
      hubs: [{ priority: 'secondary', device_id: west, name: 'hub-west', port: 1030, ports: { from: 1120, to: 1159 } }],
    });
    expect(refused.body.message).toContain('hub-west');
    expect(refused.body.message).toContain('1120-1159');
    expect(refused.body.message).toContain('no one port fits every hub');
    expect((await send(suite.admin, 'get', '/application_rules')).body.application_rules).toEqual([]);

    // A port of its own outside the hub's range: refused naming that hub only, on update as 62.
    const created = await send(
      suite.admin,
      'post',
      '/application_rules',
      twoHubRule('video', host, east, west, [1030, 1130]),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const outside = await send(
      suite.admin,
      'put',
      `/application_rules/${created.body.id}`,
      twoHubRule('video', host, east, west, [1064, 1130]),
    );
    expect(outside.body.error).toBe(ErrorCode.HUB_CONTROL_PORTS_UPDATE);
    expect(outside.body.fields).toMatchObject({ hub_name: 'hub-east', port: 1064, ports: { from: 1024, to: 1063 } });
    expect(outside.body.fields.hubs).toHaveLength(1);
    expect(outside.body.message).not.toContain('no one port fits every hub');
    const kept = await send(suite.admin, 'get', '/application_rules');
    expect(kept.body.application_rules[0].hubs_list.map((hub: { port: number }) => hub.port)).toEqual([1030, 1130]);
  });

  it('answers a rule stored before ports per hub with its one port on each hub, and it still saves', async () => {
    const { host, east } = await twoHubs();
    const created = await send(suite.admin, 'post', '/application_rules', {
      name: 'before',
      hosts_list: [host],
      hubs_list: [{ priority: 'primary', device_id: east }],
      host_endpoint_info: { port: 8080 },
      hub_endpoint_info: { destination_ip: '10.1.0.1', port: 1030 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // As a rule of the spec's shape was stored: hubs without ports.
    await suite.provider.provider.context.db
      .updateTable('application_rules')
      .set({ hubs: JSON.stringify([{ priority: 'primary', device_id: east }]) })
      .where('id', '=', created.body.id)
      .execute();
    const listed = await send(suite.admin, 'get', '/application_rules');
    expect(listed.body.application_rules[0].hubs_list).toEqual([{ priority: 'primary', device_id: east, port: 1030 }]);
    const { id: _id, hosts_list: _hosts, ...rest } = listed.body.application_rules[0];
    const saved = await send(suite.admin, 'put', `/application_rules/${created.body.id}`, {
      ...rest,
      hosts_list: [host],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('error 61 names the rule that already has these hosts and primary hub, to those who may view rules', async () => {
    const { host, east, west } = await twoHubs();
    const first = await send(
      suite.admin,
      'post',
      '/application_rules',
      twoHubRule('video', host, east, west, [1030, 1130]),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await send(
      suite.admin,
      'post',
      '/application_rules',
      twoHubRule('video-2', host, east, west, [1031, 1131]),
    );
    expect(again.body.error).toBe(ErrorCode.RULE_PARAMETERS_EXIST);
    expect(again.body.fields).toEqual({ rule_id: first.body.id, rule_name: 'video' });
    expect(again.body.message).toContain('video');

    // Someone who may add rules but not view them learns no other rule's name.
    await createUser(suite.provider.api, suite.admin, 'rule-adder', [61]);
    const adder = await as(suite.provider.api, 'rule-adder', 'root');
    const blind = await send(
      adder,
      'post',
      '/application_rules',
      twoHubRule('video-3', host, east, west, [1031, 1131]),
    );
    expect(blind.body.error).toBe(ErrorCode.RULE_PARAMETERS_EXIST);
    expect(blind.body.fields).toBeUndefined();
    expect(blind.body.message).not.toContain('video');
  });
});
