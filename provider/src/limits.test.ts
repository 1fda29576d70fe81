import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_IMPORT_MAX_BYTES,
  DEVICES_QUERY_MAX_IDS,
  ErrorCode,
  JSON_BODY_MAX_BYTES,
  PAGE_SIZE_MAX,
  RF_DOWNLOAD_MAX_RECORDINGS,
} from '@halo/shared';
import { loadConfig } from './config.js';
import { useAdminSuite } from './testing/adminSuite.js';
import { clientDevice, createDevice, multipartBody } from './testing/devices.js';
import { DIALECTS } from './testing/testProvider.js';

/**
 * The limits the product states are inclusive of their number: exactly N is taken and N + 1 is
 * refused, each where the provider enforces it (the meta file's 64 KB: versionDefinitions.test.ts).
 */
describe.each(DIALECTS)('stated limits on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const { send } = suite;
  const config = (path: string) => `/api/v1/config/${suite.admin.environmentId}${path}`;

  it(`reads a JSON body of exactly ${JSON_BODY_MAX_BYTES} bytes (1 MB) and refuses one byte more`, async () => {
    // JSON allows blanks after the value: a valid body padded to the size.
    const body = (url: string, size: number) =>
      JSON.stringify({ satcom_target: { url, api_key: 'k-123' } }).padEnd(size, ' ');
    const put = (text: string) =>
      suite.provider.api
        .put(config('/satcom_target'))
        .set('Authorization', suite.admin.authorization)
        .set('Content-Type', 'application/json')
        .send(text);
    expect(Buffer.byteLength(body('https://a.example/in', JSON_BODY_MAX_BYTES))).toBe(1_048_576);
    const atLimit = await put(body('https://a.example/in', JSON_BODY_MAX_BYTES));
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(200);
    const overLimit = await put(body('https://b.example/in', JSON_BODY_MAX_BYTES + 1));
    expect(overLimit.status).toBe(400);
    expect(overLimit.body).toEqual({
      error: ErrorCode.MISSING_VALUES,
      message: 'Request body too large: at most 1048576 bytes (1 MB)',
    });
    expect((await send(suite.admin, 'get', '/satcom_target').expect(200)).body.satcom_target.url).toBe(
      'https://a.example/in',
    );
  });

  it(`imports a CSV file of exactly ${DEVICE_IMPORT_MAX_BYTES} bytes (20 MB) and refuses one byte more`, async () => {
    // Blank lines are skipped: one device, padded to the size.
    const csv = (name: string, size: number) =>
      `name,pairing_id,type,is_server,ip_addresses,port_from,port_to\n${name},SN-${name},1,false,,,\n`.padEnd(
        size,
        '\n',
      );
    const upload = (text: string) => {
      const form = multipartBody([{ name: 'file', fileName: 'devices.csv', contentType: 'text/csv', data: text }]);
      return suite.provider.api
        .post(config('/devices/import'))
        .set('Authorization', suite.admin.authorization)
        .set('Content-Type', form.contentType)
        .send(form.body);
    };
    expect(DEVICE_IMPORT_MAX_BYTES).toBe(20_971_520);
    const atLimit = await upload(csv('at-limit', DEVICE_IMPORT_MAX_BYTES));
    expect(atLimit.status, JSON.stringify(atLimit.body).slice(0, 300)).toBe(200);
    expect(atLimit.body.imported).toBe(1);
    const overLimit = await upload(csv('over-limit', DEVICE_IMPORT_MAX_BYTES + 1));
    expect(overLimit.status).toBe(400);
    expect(overLimit.body.error).toBe(ErrorCode.DEVICE_IMPORT_INVALID);
    const devices = (await send(suite.admin, 'get', '/devices').expect(200)).body.devices as { name: string }[];
    expect(devices.map((device) => device.name)).toEqual(['at-limit']);
  }, 60_000);

  it(`pages up to ${PAGE_SIZE_MAX} entries and refuses ${PAGE_SIZE_MAX + 1}`, async () => {
    for (const path of ['/system_logs', '/user_audits', '/satcom_messages', '/environments']) {
      expect((await send(suite.admin, 'get', `${path}?page_size=${PAGE_SIZE_MAX}`)).status, path).toBe(200);
      const refused = await send(suite.admin, 'get', `${path}?page_size=${PAGE_SIZE_MAX + 1}`);
      expect({ path, status: refused.status, error: refused.body.error }).toEqual({
        path,
        status: 400,
        error: ErrorCode.BAD_QUERY_PARAMETER,
      });
    }
  });

  it(`takes ${DEVICES_QUERY_MAX_IDS} device ids in one query and refuses ${DEVICES_QUERY_MAX_IDS + 1}`, async () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1).join(',');
    for (const path of ['/devices/device_status', '/devices/data_links_info', '/devices/locations']) {
      expect((await send(suite.admin, 'get', `${path}?devices=${ids(DEVICES_QUERY_MAX_IDS)}`)).status, path).toBe(200);
      const refused = await send(suite.admin, 'get', `${path}?devices=${ids(DEVICES_QUERY_MAX_IDS + 1)}`);
      expect({ path, status: refused.status, error: refused.body.error }).toEqual({
        path,
        status: 400,
        error: ErrorCode.BAD_QUERY_PARAMETER,
      });
    }
  });

  it(`asks for up to ${RF_DOWNLOAD_MAX_RECORDINGS} RF recordings at once and refuses ${RF_DOWNLOAD_MAX_RECORDINGS + 1}`, async () => {
    const deviceId = await createDevice(suite.provider.api, suite.admin, clientDevice('rf-cam'));
    const ask = (count: number) =>
      send(suite.admin, 'post', '/rf_data_recordings_download', {
        report_uuids: Array.from({ length: count }, () => randomUUID()),
        device_id: deviceId,
      });
    // At the limit the request is read, and refused only because no such recordings exist.
    const atLimit = await ask(RF_DOWNLOAD_MAX_RECORDINGS);
    expect(atLimit.body.error).toBe(ErrorCode.RF_RECORDING_DOWNLOAD);
    const overLimit = await ask(RF_DOWNLOAD_MAX_RECORDINGS + 1);
    expect({ status: overLimit.status, error: overLimit.body.error, fields: overLimit.body.fields }).toEqual({
      status: 400,
      error: ErrorCode.MISSING_VALUES,
      fields: { report_uuids: 'validation.notExceed' },
    });
  });
});

describe('the simulated fleet', () => {
  it('is at most 100,000 devices (HALO_SIM_DEVICES)', () => {
    expect(loadConfig({ HALO_SIM_DEVICES: '100000' }).simulator.devices).toBe(100_000);
    expect(() => loadConfig({ HALO_SIM_DEVICES: '100001' })).toThrow(/HALO_SIM_DEVICES/);
  });
});
