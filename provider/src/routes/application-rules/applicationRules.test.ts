import { useAdminSuite } from '../../testing/adminSuite.js';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@halo/shared';
import { clientDevice, createDevice, serverDevice } from '../../testing/devices.js';
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
    const percentageWithoutCustom = rule('x', {
      hosts_settings: { redundancy_level: 1, redundancy_percentage: 180, reorder: 0 },
    });
    expect((await send(suite.admin, 'post', '/application_rules', percentageWithoutCustom)).body.error).toBe(
      ErrorCode.MISSING_VALUES,
    );
  });
});
