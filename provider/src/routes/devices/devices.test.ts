import { useAdminSuite } from '../../testing/adminSuite.js';
import { describe, expect, it, vi } from 'vitest';
import {
  DataLinksAvailabilityResponseSchema,
  DataLinksInfoResponseSchema,
  DeviceListResponseSchema,
  DeviceLiveStateSchema,
  DeviceLocationsResponseSchema,
  DevicesStateResponseSchema,
  DeviceStatusResponseSchema,
  ErrorCode,
  Permission,
} from '@halo/shared';
import { configCall } from '../../testing/configCall.js';
import { clientDevice, createDevice, multipartBody, serverDevice } from '../../testing/devices.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

// Each test logs users in (password hashing) on a shared, busy machine: allow for it.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

describe.each(DIALECTS)('devices on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const { send } = suite;

  const db = () => suite.provider.provider.context.db;

  it('creates a client with the section 3 defaults, lists, updates and deletes it, with audit entries', async () => {
    const created = await send(suite.admin, 'post', '/devices', { device: clientDevice('edge-1') });
    expect(created.status).toBe(201);
    const id = Number(created.body.id);
    const listed = DeviceListResponseSchema.parse((await send(suite.admin, 'get', '/devices').expect(200)).body);
    expect(listed.devices).toHaveLength(1);
    expect(listed.devices[0]).toMatchObject({
      id,
      name: 'edge-1',
      pairing_id: 'SN-edge-1',
      type: 1,
      is_server: false,
      is_enabled: true,
      is_activated: false,
      state: 3,
      ip_addresses: [],
      ports: null,
      created_by: suite.admin.userId,
    });
    expect(listed.devices[0]?.upgrade_policy).toEqual({
      is_auto_upgrade_enabled: true,
      allowed_days: [1, 2, 3, 4, 5, 6, 7],
      allowed_hours: Array.from({ length: 24 }, (_, hour) => hour),
      fixed_version: null,
      idle_timeout_in_minutes: null,
    });

    const policy = {
      is_auto_upgrade_enabled: true,
      allowed_days: [6, 7],
      allowed_hours: [2, 3],
      fixed_version: '12.6.1',
      idle_timeout_in_minutes: 30,
    };
    const updated = await send(suite.admin, 'put', `/devices/${id}`, {
      device: {
        ...serverDevice('edge-1-renamed', 2000, 3000, 'SN-edge-1'),
        type: 2,
        is_enabled: false,
        upgrade_policy: policy,
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.device).toMatchObject({
      name: 'edge-1-renamed',
      type: 2,
      is_server: true,
      is_enabled: false,
      ip_addresses: ['10.0.0.1'],
      ports: { from: 2000, to: 3000 },
      upgrade_policy: policy,
    });
    await send(suite.admin, 'delete', `/devices/${id}`).expect(200);
    // A server without ports gets 1024-49151, sent back as integers.
    const server = await send(suite.admin, 'post', '/devices', {
      device: { ...serverDevice('srv-default', 0, 0), ports: undefined, ip_addresses: ['10.0.0.9', '10.0.0.10'] },
    });
    expect(server.body.device.ports).toEqual({ from: 1024, to: 49151 });
    expect(server.body.device.upgrade_policy.is_auto_upgrade_enabled).toBe(false);
    expect(
      (await send(suite.admin, 'get', '/devices')).body.devices.map((device: { name: string }) => device.name),
    ).toEqual(['srv-default']);
    const audits = await db()
      .selectFrom('user_audits')
      .select(['resource', 'action', 'name'])
      .where('resource', '=', 'device')
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      { resource: 'device', action: 'create', name: 'edge-1' },
      { resource: 'device', action: 'disable', name: 'edge-1-renamed' },
      { resource: 'device', action: 'delete', name: 'edge-1-renamed' },
      { resource: 'device', action: 'create', name: 'srv-default' },
    ]);
  });

  it('refuses bad bodies with error 1 and writes nothing', async () => {
    const bad: unknown[] = [
      {},
      { device: {} },
      { device: { ...clientDevice('x1'), extra: true } },
      { device: clientDevice('has space') },
      { device: { ...clientDevice('x2'), type: 3 } },
      { device: { ...serverDevice('x3', 1024, 2000), ip_addresses: [] } },
      { device: { ...serverDevice('x4', 1024, 2000), ip_addresses: ['10.0.0.256'] } },
      { device: serverDevice('x5', 1023, 2000) },
      { device: serverDevice('x6', 3000, 2000) },
      { device: { ...serverDevice('x7', 1024, 2000), ports: { from: '1024', to: 2000 } } },
      {
        device: {
          ...clientDevice('x8'),
          upgrade_policy: { is_auto_upgrade_enabled: true, allowed_days: [], allowed_hours: [1] },
        },
      },
      {
        device: {
          ...clientDevice('x9'),
          upgrade_policy: { is_auto_upgrade_enabled: true, allowed_days: [8], allowed_hours: [1] },
        },
      },
      {
        device: {
          ...clientDevice('x10'),
          upgrade_policy: { is_auto_upgrade_enabled: true, allowed_days: [1], allowed_hours: [24] },
        },
      },
      {
        device: {
          ...clientDevice('x11'),
          upgrade_policy: {
            is_auto_upgrade_enabled: true,
            allowed_days: [1],
            allowed_hours: [1],
            idle_timeout_in_minutes: 0,
          },
        },
      },
      [1, 2, 3],
      'device',
    ];
    for (const body of bad) {
      const response = await suite.provider.api
        .post(`/api/v1/config/${suite.admin.environmentId}/devices`)
        .set('Authorization', suite.admin.authorization)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error, JSON.stringify(body)).toBe(ErrorCode.MISSING_VALUES);
    }
    const malformed = await suite.provider.api
      .post(`/api/v1/config/${suite.admin.environmentId}/devices`)
      .set('Authorization', suite.admin.authorization)
      .set('Content-Type', 'application/json')
      .send('{"device":');
    expect(malformed.body.error).toBe(ErrorCode.MISSING_VALUES);
    // Multipart bodies are read only by the import call; anywhere else there is no body.
    const upload = multipartBody([{ name: 'device', data: JSON.stringify({ device: clientDevice('multi') }) }]);
    const multipart = await suite.provider.api
      .post(`/api/v1/config/${suite.admin.environmentId}/devices`)
      .set('Authorization', suite.admin.authorization)
      .set('Content-Type', upload.contentType)
      .send(upload.body);
    expect(multipart.status).toBe(400);
    expect(multipart.body.error).toBe(ErrorCode.MISSING_VALUES);
    expect((await send(suite.admin, 'put', '/devices/abc', { device: clientDevice('y') })).body.error).toBe(
      ErrorCode.INVALID_ID,
    );
    expect((await send(suite.admin, 'put', '/devices/99999', { device: clientDevice('y') })).status).toBe(404);
    expect((await send(suite.admin, 'get', '/devices')).body.devices).toEqual([]);
  });

  it('error 50 for a duplicate name in the environment, 51 for a duplicate pairing id anywhere', async () => {
    const first = await createDevice(suite.provider.api, suite.admin, clientDevice('alpha', 'SERIAL-1'));
    await createDevice(suite.provider.api, suite.admin, clientDevice('beta', 'SERIAL-2'));
    const name = await send(suite.admin, 'post', '/devices', { device: clientDevice('ALPHA', 'SERIAL-9') });
    expect(name.status).toBe(400);
    expect(name.body).toMatchObject({ error: ErrorCode.DEVICE_NAME_EXISTS, message: 'Device name already exists' });
    // Error 51 names the device holding the pairing id, in its fields and its message.
    const pairing = await send(suite.admin, 'post', '/devices', { device: clientDevice('gamma', 'serial-1') });
    expect(pairing.body).toEqual({
      error: ErrorCode.DEVICE_PARAMETERS_EXIST,
      message: 'A device with pairing id SERIAL-1 already exists: alpha',
      fields: { pairing_id: 'SERIAL-1', device: 'alpha' },
    });
    // The same name is fine in another environment; the same pairing id is not, and the
    // device holding it there is not named to another tenant.
    const other = await createEnvironment(suite.provider.api, suite.admin, 'other-env');
    await createDevice(suite.provider.api, other, clientDevice('alpha', 'SERIAL-3'));
    expect((await send(other, 'post', '/devices', { device: clientDevice('delta', 'SERIAL-2') })).body).toEqual({
      error: ErrorCode.DEVICE_PARAMETERS_EXIST,
      message: 'A device with pairing id SERIAL-2 already exists in another environment',
      fields: { pairing_id: 'SERIAL-2' },
    });
    // Updates check against the others, not against the device itself.
    expect(
      (await send(suite.admin, 'put', `/devices/${first}`, { device: clientDevice('beta', 'SERIAL-1') })).body.error,
    ).toBe(ErrorCode.DEVICE_NAME_EXISTS);
    expect(
      (await send(suite.admin, 'put', `/devices/${first}`, { device: clientDevice('alpha', 'SERIAL-3') })).body.error,
    ).toBe(ErrorCode.DEVICE_PARAMETERS_EXIST);
    await suite
      .send(suite.admin, 'put', `/devices/${first}`, { device: clientDevice('Alpha', 'SERIAL-1') })
      .expect(200);
  });

  it('error 52 when server port ranges overlap, touching ends included', async () => {
    const first = await createDevice(suite.provider.api, suite.admin, serverDevice('srv-a', 1024, 2000));
    const touching = await send(suite.admin, 'post', '/devices', { device: serverDevice('srv-b', 2000, 3000) });
    expect(touching.status).toBe(400);
    expect(touching.body).toEqual({
      error: ErrorCode.DEVICE_PORT_RANGE_OVERLAP,
      message: 'Device port range overlaps with server srv-a, which holds ports 1024-2000',
      fields: { device: 'srv-a', ports: { from: 1024, to: 2000 } },
    });
    expect(
      (await send(suite.admin, 'post', '/devices', { device: serverDevice('srv-c', 1500, 1600) })).body.error,
    ).toBe(ErrorCode.DEVICE_PORT_RANGE_OVERLAP);
    expect(
      (await send(suite.admin, 'post', '/devices', { device: serverDevice('srv-d', 1000 + 24, 49151) })).body.error,
    ).toBe(ErrorCode.DEVICE_PORT_RANGE_OVERLAP);
    const second = await createDevice(suite.provider.api, suite.admin, serverDevice('srv-b', 2001, 3000));
    // Clients carry no ports, and another environment has its own ranges.
    await createDevice(suite.provider.api, suite.admin, clientDevice('client-1'));
    const other = await createEnvironment(suite.provider.api, suite.admin, 'ports-env');
    await createDevice(suite.provider.api, other, serverDevice('srv-x', 1024, 2000));
    // A device may keep its own range on update, not take a neighbour's.
    await suite
      .send(suite.admin, 'put', `/devices/${first}`, { device: serverDevice('srv-a', 1024, 2000) })
      .expect(200);
    expect(
      (await send(suite.admin, 'put', `/devices/${first}`, { device: serverDevice('srv-a', 1024, 2001) })).body.error,
    ).toBe(ErrorCode.DEVICE_PORT_RANGE_OVERLAP);
    await suite
      .send(suite.admin, 'put', `/devices/${second}`, { device: serverDevice('srv-b', 2001, 2001) })
      .expect(200);
  });

  it('1024-1999 and 2000-3000 do not overlap', async () => {
    await createDevice(suite.provider.api, suite.admin, serverDevice('srv-low', 1024, 1999));
    await createDevice(suite.provider.api, suite.admin, serverDevice('srv-high', 2000, 3000));
  });

  it('plain update and delete reach own and allowed devices only, with the two distinct 403 bodies', async () => {
    const managed = await createDevice(suite.provider.api, suite.admin, clientDevice('managed'));
    const allowed = await createDevice(suite.provider.api, suite.admin, clientDevice('allowed'));
    const plainId = await createUser(suite.provider.api, suite.admin, 'plain', [
      Permission.DEVICES_VIEW,
      Permission.DEVICES_ADD,
      Permission.DEVICES_UPDATE,
      Permission.DEVICES_DELETE,
    ]);
    await db().insertInto('user_devices').values({ user_id: plainId, device_id: allowed }).execute();
    const plain = await as(suite.provider.api, 'plain', 'root');
    const own = await createDevice(suite.provider.api, plain, clientDevice('own'));

    const session = await suite.provider.api.get('/api/v1/auth/session').set('Authorization', plain.authorization);
    expect(session.body.entities.devices).toEqual([allowed, own].sort((a, b) => a - b));
    const login = await as(suite.provider.api, 'plain', 'root');
    expect(
      (await suite.provider.api.get('/api/v1/auth/session').set('Authorization', login.authorization)).body.entities
        .devices,
    ).toHaveLength(2);

    const update = await send(login, 'put', `/devices/${managed}`, {
      device: clientDevice('managed-2', 'SN-managed'),
    });
    expect(update.status).toBe(403);
    expect(update.body).toEqual({
      error: 'deviceUpdateForbidden',
      message: 'You are not permitted to update this device',
    });
    const remove = await send(login, 'delete', `/devices/${managed}`);
    expect(remove.status).toBe(403);
    expect(remove.body).toEqual({
      error: 'deviceDeleteForbidden',
      message: 'You are not permitted to delete this device',
    });
    await suite
      .send(login, 'put', `/devices/${allowed}`, { device: clientDevice('allowed-2', 'SN-allowed') })
      .expect(200);
    await send(login, 'put', `/devices/${own}`, { device: clientDevice('own-2', 'SN-own') }).expect(200);
    await send(login, 'delete', `/devices/${own}`).expect(200);
    await send(login, 'delete', `/devices/${allowed}`).expect(200);

    // The all-variants reach any device; without any update/delete permission the same 403 bodies.
    await createUser(suite.provider.api, suite.admin, 'all', [
      Permission.DEVICES_VIEW,
      Permission.DEVICES_UPDATE_ALL,
      Permission.DEVICES_DELETE_ALL,
    ]);
    const all = await as(suite.provider.api, 'all', 'root');
    await suite
      .send(all, 'put', `/devices/${managed}`, { device: clientDevice('managed-3', 'SN-managed') })
      .expect(200);
    await createUser(suite.provider.api, suite.admin, 'viewer', [Permission.DEVICES_VIEW]);
    const viewer = await as(suite.provider.api, 'viewer', 'root');
    expect(
      (await send(viewer, 'put', `/devices/${managed}`, { device: clientDevice('m', 'SN-managed') })).body.error,
    ).toBe('deviceUpdateForbidden');
    expect((await send(viewer, 'delete', `/devices/${managed}`)).body.error).toBe('deviceDeleteForbidden');
    expect((await send(viewer, 'post', '/devices', { device: clientDevice('nope') })).status).toBe(403);
    expect((await send(viewer, 'get', '/devices')).status).toBe(200);
    await send(all, 'delete', `/devices/${managed}`).expect(200);
    await createUser(suite.provider.api, suite.admin, 'nobody', []);
    const nobody = await as(suite.provider.api, 'nobody', 'root');
    for (const path of [
      '/devices',
      '/devices/devices_state',
      '/devices/device_status',
      '/devices/data_links_info',
      '/devices/data_links_availability',
      '/devices/locations',
    ]) {
      expect((await send(nobody, 'get', path)).status, path).toBe(403);
    }
  });

  it("another environment's device ids are 'not found' and change nothing", async () => {
    const envA = await createEnvironment(suite.provider.api, suite.admin, 'tenant-a');
    const envB = await createEnvironment(suite.provider.api, suite.admin, 'tenant-b');
    const deviceA = await createDevice(suite.provider.api, envA, clientDevice('a-device'));
    const before = JSON.stringify(await db().selectFrom('devices').selectAll().orderBy('id').execute());
    expect(
      (await send(envB, 'put', `/devices/${deviceA}`, { device: clientDevice('stolen', 'SN-stolen') })).status,
    ).toBe(404);
    expect((await send(envB, 'delete', `/devices/${deviceA}`)).status).toBe(404);
    const foreignEnvironment = await configCall(
      suite.provider.api,
      envB,
      'get',
      '/devices',
      undefined,
      envA.environmentId,
    );
    expect(foreignEnvironment.status).toBe(404);
    expect(foreignEnvironment.body.error).toBe(ErrorCode.INVALID_TOKEN);
    expect(
      (await configCall(suite.provider.api, envB, 'delete', `/devices/${deviceA}`, undefined, envA.environmentId))
        .status,
    ).toBe(404);
    expect((await send(envB, 'get', '/devices')).body.devices).toEqual([]);
    for (const path of [
      '/devices/devices_state',
      `/devices/device_status?devices=${deviceA}`,
      `/devices/data_links_info?devices=${deviceA}`,
      `/devices/locations?devices=${deviceA}`,
    ]) {
      const body = (await send(envB, 'get', path).expect(200)).body as Record<string, unknown[]>;
      expect(Object.values(body).find(Array.isArray), path).toEqual([]);
    }
    expect((await send(envB, 'get', `/rf_data_recordings?device_id=${deviceA}`)).status).toBe(404);
    expect(JSON.stringify(await db().selectFrom('devices').selectAll().orderBy('id').execute())).toBe(before);
    // The parent reaches the child's devices.
    expect(
      (await configCall(suite.provider.api, suite.admin, 'get', '/devices', undefined, envA.environmentId)).body
        .devices,
    ).toHaveLength(1);
  });

  it('deleting a user or a whole environment takes their device links, devices and recordings along', async () => {
    const child = await createEnvironment(suite.provider.api, suite.admin, 'doomed-env');
    const device = await createDevice(suite.provider.api, child, clientDevice('doomed-device'));
    const userId = await createUser(
      suite.provider.api,
      child,
      'doomed-user',
      [Permission.DEVICES_VIEW],
      child.environmentId,
    );
    await db().insertInto('user_devices').values({ user_id: userId, device_id: device }).execute();
    await db()
      .insertInto('rf_recordings')
      .values({
        environment_id: child.environmentId,
        device_id: device,
        report_uuid: '00000000-0000-4000-8000-000000000001',
        file_name: 'x.iq',
        size_bytes: 1,
        start_time: 1,
        end_time: 2,
        created_at: 1,
      })
      .execute();
    await send(child, 'delete', `/users/${userId}`).expect(200);
    expect(await db().selectFrom('user_devices').selectAll().execute()).toEqual([]);
    await configCall(suite.provider.api, suite.admin, 'delete', `/environments/${child.environmentId}`).expect(200);
    expect(await db().selectFrom('devices').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('rf_recordings').selectAll().execute()).toEqual([]);
  });

  it('devices_state: a full list with a cursor, then only what changed after it, removals included', async () => {
    const one = await createDevice(suite.provider.api, suite.admin, clientDevice('state-1'));
    const two = await createDevice(suite.provider.api, suite.admin, clientDevice('state-2'));
    const full = await send(suite.admin, 'get', '/devices/devices_state').expect(200);
    DevicesStateResponseSchema.parse(full.body);
    expect(full.body.incremental).toBe(false);
    expect(full.body.removed).toEqual([]);
    expect(full.body.devices_state.map((entry: { device_id: number }) => entry.device_id)).toEqual([one, two]);
    for (const entry of full.body.devices_state) DeviceLiveStateSchema.parse(entry);
    expect(full.body.devices_state[0]).toMatchObject({
      device_id: one,
      id: one,
      device_state: 3,
      name: 'state-1',
      is_activated: false,
      availability: null,
    });
    const cursor = Number(full.body.cursor);
    expect(cursor).toBeGreaterThan(0);

    const nothing = await send(suite.admin, 'get', `/devices/devices_state?state=1&cursor=${cursor}`).expect(200);
    expect(nothing.body).toEqual({ devices_state: [], removed: [], cursor, incremental: true });

    await suite
      .send(suite.admin, 'put', `/devices/${two}`, { device: clientDevice('state-2b', 'SN-state-2') })
      .expect(200);
    const three = await createDevice(suite.provider.api, suite.admin, clientDevice('state-3'));
    await send(suite.admin, 'delete', `/devices/${one}`).expect(200);
    const changed = await send(suite.admin, 'get', `/devices/devices_state?state=1&cursor=${cursor}`).expect(200);
    expect(changed.body.incremental).toBe(true);
    expect(
      changed.body.devices_state.map((entry: { device_id: number; name: string }) => [entry.device_id, entry.name]),
    ).toEqual([
      [two, 'state-2b'],
      [three, 'state-3'],
    ]);
    expect(changed.body.removed).toEqual([one]);
    expect(changed.body.cursor).toBeGreaterThan(cursor);
    const after = await suite
      .send(suite.admin, 'get', `/devices/devices_state?state=1&cursor=${changed.body.cursor}`)
      .expect(200);
    expect(after.body.devices_state).toEqual([]);
    expect(after.body.removed).toEqual([]);

    // Any other state is the full list; a cursor this store never handed out too.
    const replace = await send(suite.admin, 'get', `/devices/devices_state?state=0&cursor=${cursor}`).expect(200);
    expect(replace.body.incremental).toBe(false);
    expect(replace.body.devices_state).toHaveLength(2);
    const future = await suite
      .send(suite.admin, 'get', `/devices/devices_state?state=1&cursor=${changed.body.cursor + 1000}`)
      .expect(200);
    expect(future.body.incremental).toBe(false);
    expect(future.body.devices_state).toHaveLength(2);
    // Restricted to named devices.
    const named = await send(suite.admin, 'get', `/devices/devices_state?devices=${three}`).expect(200);
    expect(named.body.devices_state.map((entry: { device_id: number }) => entry.device_id)).toEqual([three]);

    for (const query of ['state=x', 'cursor=-1', 'cursor=1.5', 'devices=1,x', 'bogus=1', 'state=1&state=2']) {
      const response = await send(suite.admin, 'get', `/devices/devices_state?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error, query).toBe(ErrorCode.BAD_QUERY_PARAMETER);
    }
  });

  it('status calls answer per device links, reports, availability and locations with the section 4 status', async () => {
    const connected = await createDevice(suite.provider.api, suite.admin, clientDevice('reporting'));
    const silent = await createDevice(suite.provider.api, suite.admin, clientDevice('silent'));
    const links = {
      cellular: [
        { port: 1, is_online: true },
        { port: 2, is_online: false },
      ],
      eth: [{ port: 1, is_online: true }],
      wifi: [],
      vlan: [],
      vpn: [{ port: 1, is_online: false }],
    };
    await db()
      .updateTable('devices')
      .set({
        is_activated: 1,
        availability: 1,
        halo_data_links_info: JSON.stringify(links),
        links_summary: JSON.stringify({
          cellular: { online: 1, total: 2 },
          eth: { online: 1, total: 1 },
          wifi: { online: 0, total: 0 },
          vlan: { online: 0, total: 0 },
          vpn: { online: 0, total: 1 },
        }),
        halo_system_report: JSON.stringify({ temperature: 41, firmware_version: '12.6.0' }),
        longitude: 34.78,
        latitude: 32.08,
        altitude: 40,
        accuracy: 5,
        location_time: suite.provider.clock.now,
      })
      .where('id', '=', connected)
      .execute();

    const status = DeviceStatusResponseSchema.parse(
      (await send(suite.admin, 'get', `/devices/device_status?devices=${connected},${silent}`).expect(200)).body,
    );
    expect(status.device_status).toEqual([
      {
        device_id: connected,
        halo_data_links_info: links,
        halo_system_report: { temperature: 41, firmware_version: '12.6.0' },
      },
      { device_id: silent, halo_data_links_info: null, halo_system_report: null },
    ]);
    const info = DataLinksInfoResponseSchema.parse(
      (await send(suite.admin, 'get', `/devices/data_links_info?devices=${connected}`).expect(200)).body,
    );
    expect(info.halo_data_links_info).toEqual([{ device_id: connected, halo_data_links_info: links }]);
    const availability = DataLinksAvailabilityResponseSchema.parse(
      (await send(suite.admin, 'get', '/devices/data_links_availability').expect(200)).body,
    );
    expect(availability.halo_data_links_availability[0]).toEqual({
      device_id: connected,
      nics_info: {
        cellular: { online: 1, offline: 1 },
        eth: { online: 1, offline: 0 },
        wifi: { online: 0, offline: 0 },
        vlan: { online: 0, offline: 0 },
        vpn: { online: 0, offline: 1 },
      },
    });
    const locations = DeviceLocationsResponseSchema.parse(
      (await send(suite.admin, 'get', '/devices/locations').expect(200)).body,
    );
    expect(locations.locations).toEqual([
      {
        device_id: connected,
        coordinate: [34.78, 32.08],
        altitude: 40,
        time: new Date(suite.provider.clock.now).toISOString(),
        accuracy: 5,
        status: 2,
      },
      { device_id: silent, coordinate: [0, 0], altitude: null, time: null, accuracy: 0, status: 0 },
    ]);
    // Disconnected: links all offline, the fix offline.
    await db().updateTable('devices').set({ availability: 0 }).where('id', '=', connected).execute();
    const offline = await suite
      .send(suite.admin, 'get', `/devices/data_links_availability?devices=${connected}`)
      .expect(200);
    expect(offline.body.halo_data_links_availability[0].nics_info.cellular).toEqual({ online: 0, offline: 2 });
    expect((await send(suite.admin, 'get', `/devices/locations?devices=${connected}`)).body.locations[0].status).toBe(
      1,
    );
    await db().updateTable('devices').set({ accuracy: 0 }).where('id', '=', connected).execute();
    expect((await send(suite.admin, 'get', `/devices/locations?devices=${connected}`)).body.locations[0].status).toBe(
      1,
    );
    const live = (await send(suite.admin, 'get', '/devices/devices_state')).body.devices_state[0];
    expect(live).toMatchObject({
      device_state: 2,
      links: { cellular: { online: 1, total: 2 } },
      location: { coordinate: [34.78, 32.08], accuracy: 0 },
    });
  });

  it('long device lists: 500 ids in one query are fine, more than the limit is error 3', async () => {
    const id = await createDevice(suite.provider.api, suite.admin, clientDevice('listed'));
    const ids = Array.from({ length: 499 }, (_, index) => 100_000 + index);
    const ok = await suite
      .send(suite.admin, 'get', `/devices/device_status?devices=${[id, ...ids].join(',')}`)
      .expect(200);
    expect(ok.body.device_status.map((entry: { device_id: number }) => entry.device_id)).toEqual([id]);
    const tooMany = Array.from({ length: 1500 }, (_, index) => index + 1).join(',');
    for (const path of ['device_status', 'data_links_info', 'data_links_availability', 'locations', 'devices_state']) {
      const response = await send(suite.admin, 'get', `/devices/${path}?devices=${tooMany}`);
      expect(response.status, path).toBe(400);
      expect(response.body.error, path).toBe(ErrorCode.BAD_QUERY_PARAMETER);
      expect((await send(suite.admin, 'get', `/devices/${path}?devices=0`)).body.error, path).toBe(
        ErrorCode.BAD_QUERY_PARAMETER,
      );
    }
    expect((await send(suite.admin, 'get', '/devices/device_status?devices=')).body.device_status).toEqual([]);
  });
});

// A batch of 3 stands for the default 2,000: a list of 10 comes in four batches. Checked by the
// provider against the contract (read whole first), and streamed as it comes, parsed here.
describe.each(
  DIALECTS.flatMap((dialect) => [
    { dialect, checkAnswers: '1' },
    { dialect, checkAnswers: '0' },
  ]),
)('device lists in batches on $dialect, answers checked: $checkAnswers', ({ dialect, checkAnswers }) => {
  const suite = useAdminSuite(dialect, { HALO_LIST_BATCH_ROWS: '3', HALO_CHECK_ANSWERS: checkAnswers });

  const listed = async (actor: Actor, query = '') => {
    const response = await suite.send(actor, 'get', `/devices${query}`).expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return DeviceListResponseSchema.parse(response.body).devices;
  };

  it('answers every device in order of id, the filters across batches too, none of another environment', async () => {
    const child = await createEnvironment(suite.provider.api, suite.admin, 'batched-child');
    const ids: number[] = [];
    const servers: number[] = [];
    for (let index = 0; index < 10; index += 1) {
      const server = index % 3 === 0;
      const device = server
        ? serverDevice(`batched-${index}`, 2000 + index * 10, 2000 + index * 10 + 5)
        : clientDevice(`batched-${index}`);
      const id = await createDevice(suite.provider.api, suite.admin, device);
      ids.push(id);
      if (server) servers.push(id);
      // Another environment's devices between these, in the same id sequence.
      if (index % 4 === 0) await createDevice(suite.provider.api, child, clientDevice(`child-${index}`));
    }
    const all = await listed(suite.admin);
    expect(all.map((device) => device.id)).toEqual(ids);
    expect(all.map((device) => device.name)).toEqual(ids.map((_id, index) => `batched-${index}`));
    expect(all[3]).toMatchObject({ is_server: true, ports: { from: 2030, to: 2035 }, ip_addresses: ['10.0.0.1'] });
    expect((await listed(suite.admin, '?is_server=true')).map((device) => device.id)).toEqual(servers);
    expect((await listed(suite.admin, '?is_server=false')).map((device) => device.id)).toEqual(
      ids.filter((id) => !servers.includes(id)),
    );
    const named = [ids[9], ids[0], ids[4], ids[5], ids[7]] as number[];
    expect((await listed(suite.admin, `?devices=${named.join(',')}`)).map((device) => device.id)).toEqual(
      [...named].sort((a, b) => a - b),
    );
    // A list of exactly one batch, and an empty one, are whole JSON too.
    expect(await listed(child)).toHaveLength(3);
    const empty = await createEnvironment(suite.provider.api, suite.admin, 'batched-empty');
    expect(await listed(empty)).toEqual([]);
  });

  it('finds devices by a part of their name or serial, whatever the case, a page at a time; wildcards are text', async () => {
    const other = await createEnvironment(suite.provider.api, suite.admin, 'searched-other');
    await createDevice(suite.provider.api, other, clientDevice('Tower-elsewhere'));
    const ids: number[] = [];
    for (const name of ['Tower-A', 'tower-b', 'Mast_1', 'Mastx1', 'ship-9']) {
      ids.push(await createDevice(suite.provider.api, suite.admin, clientDevice(name)));
    }
    const names = async (query: string) => (await listed(suite.admin, query)).map((device) => device.name);
    expect(await names('?search=TOWER')).toEqual(['Tower-A', 'tower-b']);
    // The serial number (SN-<name>) is searched too; `_` and `%` are not wildcards.
    expect(await names('?search=sn-ship')).toEqual(['ship-9']);
    expect(await names('?search=t_1')).toEqual(['Mast_1']);
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?search=nothing-like-it')).toEqual([]);
    // Pages by id: `limit`, then `after` the last id of the page before.
    expect(await names('?limit=2')).toEqual(['Tower-A', 'tower-b']);
    expect(await names(`?limit=2&after=${ids[1]}`)).toEqual(['Mast_1', 'Mastx1']);
    expect(await names(`?limit=2&after=${ids[3]}`)).toEqual(['ship-9']);
    expect(await names(`?search=mast&limit=1&after=${ids[2]}`)).toEqual(['Mastx1']);
    for (const bad of ['?limit=0', '?limit=1001', '?limit=x', `?search=${'a'.repeat(65)}`, '?after=-1']) {
      const refused = await suite.send(suite.admin, 'get', `/devices${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.error, bad).toBe(ErrorCode.BAD_QUERY_PARAMETER);
    }
  });
});
