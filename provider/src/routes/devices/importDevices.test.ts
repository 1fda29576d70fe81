import { readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceImportResponseSchema, ErrorCode, Permission } from '@halo/shared';
import { configCall } from '../../testing/configCall.js';
import { clientDevice, createDevice, multipartBody, serverDevice } from '../../testing/devices.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS, startTestProvider, TEST_ADMIN_PASSWORD, type TestProvider } from '../../testing/testProvider.js';
import { importUploadsDir } from '../../store/importUploads.js';
import { parseCsv } from './csvRecords.js';

// Each test logs users in (password hashing) on a shared, busy machine: allow for it.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const HEADER = 'name,pairing_id,type,is_server,ip_addresses,port_from,port_to';

describe.each(DIALECTS)('device import on %s', (dialect) => {
  let provider: TestProvider;
  let admin: Actor;
  beforeEach(async () => {
    provider = await startTestProvider(dialect);
    admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
  });
  afterEach(async () => {
    await provider.stop();
  });

  const upload = (actor: Actor, csv: string | Buffer, fileName = 'devices.csv') =>
    provider.api
      .post(`/api/v1/config/${actor.environmentId}/devices/import`)
      .set('Authorization', actor.authorization)
      .attach('file', Buffer.from(csv), { filename: fileName, contentType: 'text/csv' });
  const deviceCount = async () =>
    (await provider.provider.context.db.selectFrom('devices').select('id').execute()).length;
  /** The import files waiting in the data dir: each import removes its own, however it ends. */
  const uploadsLeft = () => readdirSync(importUploadsDir(provider.provider.context.config.dataDir));

  it('reports every record: good rows written, bad rows with their line and field and nothing written for them', async () => {
    await createDevice(provider.api, admin, clientDevice('existing', 'SN-EXISTING'));
    await createDevice(provider.api, admin, serverDevice('existing-srv', 40000, 41000));
    const csv = [
      HEADER,
      'cam-1,SN-1,1,false,,,',
      'hub-1,SN-2,HALO,true,10.0.0.1;10.0.0.2,2000,3000',
      '"drone, one",SN-3,2,false,,,', // a space and comma in the name: invalid characters
      'drone-2,SN-4,DRONECOMMX,no,,,',
      'existing,SN-5,1,false,,,',
      'cam-6,sn-existing,1,false,,,',
      'hub-2,SN-7,1,true,10.0.0.3,3000,3100', // touches hub-1 at 3000
      'hub-3,SN-8,1,true,10.0.0.4,1024,1999',
      'hub-4,SN-9,1,true,,1024,1999',
      'hub-5,SN-10,1,true,10.0.0.300,42000,43000',
      'hub-6,SN-11,1,true,10.0.0.5,50000,50001',
      'cam-1,SN-12,1,false,,,', // the same name twice in one file
      'cam-13,SN-1,1,false,,,',
      'cam-14,SN-14,7,false,,,',
      'cam-15,SN-15,1,maybe,,,',
      'cam-16,SN-16,1',
      '',
      'hub-7,SN-17,1,true,10.0.0.6,,', // default range overlaps everything
      'hub-8,SN-18,1,yes,10.0.0.7,44000,44010',
    ].join('\r\n');
    const response = await upload(admin, csv);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    DeviceImportResponseSchema.parse(response.body);
    const rows = response.body.report.map((row: Record<string, unknown>) => [
      row.row,
      row.name,
      row.success,
      row.field,
      row.error,
    ]);
    expect(rows).toEqual([
      [2, 'cam-1', true, null, null],
      [3, 'hub-1', true, null, null],
      [4, 'drone, one', false, 'name', 'validation.invalidCharacters'],
      [5, 'drone-2', true, null, null],
      [6, 'existing', false, 'name', 'Device name already exists'],
      [7, 'cam-6', false, 'pairing_id', 'A device with pairing id SN-EXISTING already exists: existing'],
      [8, 'hub-2', false, 'ports', 'Device port range overlaps with server hub-1, which holds ports 2000-3000'],
      [9, 'hub-3', true, null, null],
      [10, 'hub-4', false, 'ip_addresses', 'validation.atLeastOneIp'],
      [11, 'hub-5', false, 'ip_addresses.0', 'validation.invalid'],
      [12, 'hub-6', false, 'ports.from', 'validation.portRange'],
      [13, 'cam-1', false, 'name', 'Device name already exists'],
      [14, 'cam-13', false, 'pairing_id', 'A device with pairing id SN-1 already exists: cam-1'],
      [15, 'cam-14', false, 'type', 'validation.invalid'],
      [16, 'cam-15', false, 'is_server', 'validation.invalid'],
      [17, 'cam-16', false, null, 'validation.columnCount'],
      [19, 'hub-7', false, 'ports', 'Device port range overlaps with server hub-3, which holds ports 1024-1999'],
      [20, 'hub-8', true, null, null],
    ]);
    expect(response.body.imported).toBe(5);
    expect(response.body.failed).toBe(13);
    // Each refusal in full, as a form is told it: the code, the rule's key with its placeholders
    // filled, and for a conflict the device in the way.
    const problems = Object.fromEntries(
      response.body.report.map((row: { row: number; problem?: unknown }) => [row.row, row.problem ?? null]),
    );
    expect(problems[2]).toBeNull();
    expect(problems[4]).toEqual({ code: 1, key: 'validation.invalidCharacters', params: ['name'] });
    expect(problems[6]).toEqual({ code: ErrorCode.DEVICE_NAME_EXISTS, key: 'errors.deviceNameExists', params: [] });
    expect(problems[7]).toEqual({
      code: ErrorCode.DEVICE_PARAMETERS_EXIST,
      key: 'errors.deviceParametersExist',
      params: [],
      fields: { pairing_id: 'SN-EXISTING', device: 'existing' },
    });
    expect(problems[8]).toEqual({
      code: ErrorCode.DEVICE_PORT_RANGE_OVERLAP,
      key: 'errors.devicePortRangeOverlap',
      params: [],
      fields: { device: 'hub-1', ports: { from: 2000, to: 3000 } },
    });
    expect(problems[10]).toEqual({ code: 1, key: 'validation.atLeastOneIp', params: ['ip_addresses'] });
    expect(problems[11]).toEqual({ code: 1, key: 'validation.invalid', params: ['ip_address'] });
    expect(problems[12]).toEqual({ code: 1, key: 'validation.portRange', params: [1024, 49151] });
    expect(problems[15]).toEqual({ code: 1, key: 'validation.invalid', params: ['type'] });
    expect(problems[16]).toEqual({ code: 1, key: 'validation.invalid', params: ['is_server'] });
    expect(problems[17]).toEqual({ code: 1, key: 'validation.columnCount', params: [7, 3] });
    expect(response.body.report[0].pairing_id).toBe('SN-1');
    expect(typeof response.body.report[0].id).toBe('number');

    const devices = (await configCall(provider.api, admin, 'get', '/devices')).body.devices as {
      name: string;
      type: number;
      is_server: boolean;
      ip_addresses: string[];
      ports: unknown;
      created_by: number;
    }[];
    expect(devices.map((device) => device.name)).toEqual([
      'existing',
      'existing-srv',
      'cam-1',
      'hub-1',
      'drone-2',
      'hub-3',
      'hub-8',
    ]);
    expect(devices[3]).toMatchObject({
      type: 1,
      is_server: true,
      ip_addresses: ['10.0.0.1', '10.0.0.2'],
      ports: { from: 2000, to: 3000 },
      created_by: admin.userId,
    });
    expect(devices[4]).toMatchObject({ type: 2, is_server: false });
    const audits = await provider.provider.context.db
      .selectFrom('user_audits')
      .select('name')
      .where('resource', '=', 'device')
      .where('detail_code', '=', 'imported')
      .execute();
    expect(audits.map((row) => row.name).sort()).toEqual(['cam-1', 'drone-2', 'hub-1', 'hub-3', 'hub-8']);
    // The imported devices appear in the incremental devices_state like any other change.
    const state = await configCall(provider.api, admin, 'get', '/devices/devices_state').expect(200);
    expect(state.body.devices_state).toHaveLength(7);
    expect(uploadsLeft()).toEqual([]);
  });

  it("names the device holding a pairing id in the caller's environment, never another environment's", async () => {
    await createDevice(provider.api, admin, clientDevice('root-cam', 'SN-ROOT'));
    const other = await createEnvironment(provider.api, admin, 'import-env');
    const response = await upload(other, `${HEADER}\nother-cam,sn-root,1,false,,,\n`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [row] = response.body.report;
    expect(row).toMatchObject({
      success: false,
      field: 'pairing_id',
      error: 'A device with pairing id SN-ROOT already exists in another environment',
      problem: { code: ErrorCode.DEVICE_PARAMETERS_EXIST, fields: { pairing_id: 'SN-ROOT' } },
    });
    expect(JSON.stringify(response.body)).not.toContain('root-cam');
  });

  it('accepts the ports_from/ports_to header spelling, a BOM, LF line ends, quoted fields and a header-only file', async () => {
    const csv =
      '\uFEFFName,Pairing_ID,type,is_server,ip_addresses,ports_from,ports_to\n"hub-q",SN-Q,1,true,"10.0.0.1 10.0.0.2",5000,5001\n';
    const response = await upload(admin, csv);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.report).toEqual([
      expect.objectContaining({ row: 2, name: 'hub-q', success: true, error: null }),
    ]);
    const octets = await provider.api
      .post(`/api/v1/config/${admin.environmentId}/devices/import`)
      .set('Authorization', admin.authorization)
      .attach('file', Buffer.from(`${HEADER}\ncam-o,SN-O,1,false,,,`), {
        filename: 'DEVICES.CSV',
        contentType: 'application/octet-stream',
      });
    expect(octets.body.imported).toBe(1);
    const empty = await upload(admin, `${HEADER}\n`);
    expect(empty.body).toMatchObject({ report: [], imported: 0, failed: 0 });
  });

  it("error 53 'Invalid devices records file' for anything that is not the import CSV, and nothing is written", async () => {
    const invalid: { name: string; send: () => ReturnType<typeof upload> }[] = [
      { name: 'wrong header', send: () => upload(admin, 'device,serial\ncam-1,SN-1\n') },
      {
        name: 'missing column',
        send: () => upload(admin, 'name,pairing_id,type,is_server,ip_addresses,port_from\ncam-1,SN-1,1,false,,\n'),
      },
      {
        name: 'duplicate column',
        send: () => upload(admin, 'name,name,type,is_server,ip_addresses,port_from,port_to\n'),
      },
      { name: 'empty file', send: () => upload(admin, '') },
      { name: 'binary', send: () => upload(admin, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0xfe])) },
      { name: 'not UTF-8', send: () => upload(admin, Buffer.concat([Buffer.from(`${HEADER}\ncam-\xff`, 'latin1')])) },
      { name: 'unterminated quote', send: () => upload(admin, `${HEADER}\n"cam-1,SN-1,1,false,,,\n`) },
      { name: 'not a .csv name', send: () => upload(admin, `${HEADER}\ncam-1,SN-1,1,false,,,\n`, 'devices.xlsx') },
      {
        name: 'JSON instead of a file',
        send: () =>
          configCall(provider.api, admin, 'post', '/devices/import', {
            file: `${HEADER}\ncam-1,SN-1,1,false,,,`,
          }),
      },
    ];
    for (const { name, send } of invalid) {
      const response = await send();
      expect(response.status, name).toBe(400);
      expect(response.body.error, name).toBe(ErrorCode.DEVICE_IMPORT_INVALID);
      expect(response.body.message, name).toBe('Invalid devices records file');
    }
    const handMade = [
      multipartBody([{ name: 'note', data: 'no file here' }]),
      multipartBody([
        { name: 'other', fileName: 'a.csv', data: HEADER },
        { name: 'another', fileName: 'b.csv', data: HEADER },
      ]),
      {
        body: Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname'),
        contentType: 'multipart/form-data; boundary=x',
      },
      { body: Buffer.from(HEADER), contentType: 'multipart/form-data' },
    ];
    for (const [index, { body, contentType }] of handMade.entries()) {
      const response = await provider.api
        .post(`/api/v1/config/${admin.environmentId}/devices/import`)
        .set('Authorization', admin.authorization)
        .set('Content-Type', contentType)
        .send(body);
      expect(response.status, `hand-made ${index}`).toBe(400);
      expect(response.body.error, `hand-made ${index}`).toBe(ErrorCode.DEVICE_IMPORT_INVALID);
    }
    // A well-formed hand-made body with the file under another field name is read.
    const lone = multipartBody([
      { name: 'note', data: 'x' },
      { name: 'upload', fileName: 'devices.csv', contentType: 'text/csv', data: `${HEADER}\ncam-9,SN-9,1,false,,,` },
    ]);
    const accepted = await provider.api
      .post(`/api/v1/config/${admin.environmentId}/devices/import`)
      .set('Authorization', admin.authorization)
      .set('Content-Type', lone.contentType)
      .send(lone.body);
    expect(accepted.body.imported).toBe(1);
    expect(await deviceCount()).toBe(1);
    expect(uploadsLeft()).toEqual([]);
  });

  it('refuses a file above 20 MB with error 53', async () => {
    const row = 'dev-x,SN-x,1,false,,,\n';
    const big = `${HEADER}\n${row.repeat(Math.ceil((21 * 1024 * 1024) / row.length))}`;
    const response = await upload(admin, big);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(ErrorCode.DEVICE_IMPORT_INVALID);
    expect(await deviceCount()).toBe(0);
    expect(uploadsLeft()).toEqual([]);
  }, 60_000);

  it('needs permission 51', async () => {
    await createUser(provider.api, admin, 'device-viewer', [Permission.DEVICES_VIEW]);
    const viewer = await as(provider.api, 'device-viewer', 'root');
    expect((await upload(viewer, `${HEADER}\ncam-1,SN-1,1,false,,,\n`)).status).toBe(403);
    await createUser(provider.api, admin, 'device-adder', [Permission.DEVICES_ADD]);
    const adder = await as(provider.api, 'device-adder', 'root');
    expect((await upload(adder, `${HEADER}\ncam-1,SN-1,1,false,,,\n`)).body.imported).toBe(1);
    expect(await deviceCount()).toBe(1);
  });

  it('imports 10,000 rows in one request (time printed, not asserted)', async () => {
    const lines = [HEADER];
    for (let index = 0; index < 10_000; index += 1) {
      lines.push(
        index % 100 === 0
          ? `srv-${index},SRV-${index},1,true,10.1.${index % 250}.1,${10_000 + index},${10_000 + index}`
          : `dev-${index},SN-${index},${(index % 2) + 1},false,,,`,
      );
    }
    lines.push('dev-1,SN-dup,1,false,,,');
    const started = performance.now();
    const response = await upload(admin, lines.join('\n'));
    const elapsed = performance.now() - started;
    console.log(
      `[import bench] ${dialect}: 10,001 rows (${(Buffer.byteLength(lines.join('\n')) / 1024).toFixed(0)} KB) imported in ${elapsed.toFixed(0)} ms`,
    );
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
    expect(response.body.imported).toBe(10_000);
    expect(response.body.failed).toBe(1);
    expect(response.body.report.at(-1)).toMatchObject({ row: 10_002, success: false, field: 'name' });
    expect(await deviceCount()).toBe(10_000);
  }, 120_000);
});

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and numbers records by their first line', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\n\nlast,\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"\nthere'] },
      { line: 5, fields: ['last', ''] },
    ]);
    expect(parseCsv('no newline at end')).toEqual([{ line: 1, fields: ['no newline at end'] }]);
    expect(parseCsv('"open')).toBeNull();
    expect(parseCsv('')).toEqual([]);
  });
});
