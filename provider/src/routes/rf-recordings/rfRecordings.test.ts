import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, Permission, RF_RECORDINGS_LIST_MAX, RfRecordingListResponseSchema } from '@halo/shared';
import { parse as parseContentDisposition } from 'content-disposition';
import { configCall } from '../../testing/configCall.js';
import { clientDevice, createDevice } from '../../testing/devices.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS, startTestProvider, TEST_ADMIN_PASSWORD, type TestProvider } from '../../testing/testProvider.js';
import { rfRecordingPath, storeRfRecording } from '../../store/rfRecordingFiles.js';
import { zipArchive } from './zipArchive.js';

// Each test logs users in (password hashing) on a shared, busy machine: allow for it.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const binary = (response: { body: unknown }) => response.body as Buffer;

describe.each(DIALECTS)('RF recordings on %s', (dialect) => {
  let provider: TestProvider;
  let admin: Actor;
  let deviceId: number;
  const uuids: string[] = [];
  beforeEach(async () => {
    provider = await startTestProvider(dialect);
    admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
    deviceId = await createDevice(provider.api, admin, clientDevice('rf-device', 'RF-0001'));
    uuids.length = 0;
    for (const [index, size] of [100, 2048].entries()) {
      const reportUuid = randomUUID();
      uuids.push(reportUuid);
      await storeRfRecording(provider.provider.context.db, provider.provider.context.config.dataDir, {
        environmentId: admin.environmentId,
        deviceId,
        reportUuid,
        startTime: Date.UTC(2026, 10, 23, 10, index * 10),
        endTime: Date.UTC(2026, 10, 23, 10, index * 10 + 5),
        data: Buffer.alloc(size, index + 1),
        now: provider.clock.now,
      });
    }
  });
  afterEach(async () => {
    await provider.stop();
  });

  const download = (actor: Actor, body: unknown) =>
    configCall(provider.api, actor, 'post', '/rf_data_recordings_download', body as object)
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });

  it('lists a device recordings newest first with name, serial, start and end', async () => {
    const listed = RfRecordingListResponseSchema.parse(
      (await configCall(provider.api, admin, 'get', `/rf_data_recordings?device_id=${deviceId}`).expect(200)).body,
    );
    expect(listed.rf_recordings).toEqual([
      {
        report_uuid: uuids[1],
        device_id: deviceId,
        device_name: 'rf-device',
        serial: 'RF-0001',
        start_time: '2026-11-23T10:10:00.000Z',
        end_time: '2026-11-23T10:15:00.000Z',
      },
      {
        report_uuid: uuids[0],
        device_id: deviceId,
        device_name: 'rf-device',
        serial: 'RF-0001',
        start_time: '2026-11-23T10:00:00.000Z',
        end_time: '2026-11-23T10:05:00.000Z',
      },
    ]);
    expect(listed.truncated).toBe(false);
    for (const query of ['', '?device_id=x', '?device_id=1&extra=2']) {
      expect((await configCall(provider.api, admin, 'get', `/rf_data_recordings${query}`)).body.error, query).toBe(
        ErrorCode.BAD_QUERY_PARAMETER,
      );
    }
    expect((await configCall(provider.api, admin, 'get', '/rf_data_recordings?device_id=99999')).status).toBe(404);
  });

  it('lists only the newest RF_RECORDINGS_LIST_MAX recordings of a device that holds more, and says so', async () => {
    const { db } = provider.provider.context;
    // Rows alone (no files): listing reads no file. Newer than the two above, a minute apart, up to the cap.
    const row = (index: number) => ({
      environment_id: admin.environmentId,
      device_id: deviceId,
      report_uuid: randomUUID(),
      file_name: `missing-${index}.bin`,
      size_bytes: 1,
      start_time: Date.UTC(2026, 10, 24) + index * 60_000,
      end_time: null,
      created_at: Date.UTC(2026, 10, 24),
    });
    const newer = Array.from({ length: RF_RECORDINGS_LIST_MAX - uuids.length }, (_, index) => row(index));
    for (let start = 0; start < newer.length; start += 100)
      await db
        .insertInto('rf_recordings')
        .values(newer.slice(start, start + 100))
        .execute();
    const list = async () => {
      const answer = configCall(provider.api, admin, 'get', `/rf_data_recordings?device_id=${deviceId}`);
      return RfRecordingListResponseSchema.parse((await answer.expect(200)).body);
    };
    const uuidsOf = (answer: { rf_recordings: readonly { report_uuid: string }[] }) =>
      answer.rf_recordings.map((recording) => recording.report_uuid);

    const full = await list();
    const newestFirst = [...newer.map((recording) => recording.report_uuid).reverse(), uuids[1], uuids[0]];
    expect(uuidsOf(full)).toEqual(newestFirst);
    expect(full.truncated).toBe(false);

    const newest = row(RF_RECORDINGS_LIST_MAX);
    await db.insertInto('rf_recordings').values(newest).execute();
    const cut = await list();
    expect(uuidsOf(cut)).toEqual([newest.report_uuid, ...newestFirst.slice(0, -1)]);
    expect(cut.truncated).toBe(true);
  });

  it('downloads one recording as its file and several as a zip, named in content-disposition', async () => {
    const single = await download(admin, { report_uuids: [uuids[0]], device_id: deviceId });
    expect(single.status).toBe(200);
    expect(single.headers['content-disposition']).toBe('attachment; filename="rf-device_RF-0001_20261123T100000Z.iq"');
    expect(parseContentDisposition(single.headers['content-disposition'] ?? '').parameters.filename).toBe(
      'rf-device_RF-0001_20261123T100000Z.iq',
    );
    expect(binary(single)).toEqual(Buffer.alloc(100, 1));

    const both = await download(admin, { report_uuids: uuids, device_id: deviceId });
    expect(both.status).toBe(200);
    expect(both.headers['content-type']).toBe('application/zip');
    expect(both.headers['content-disposition']).toBe('attachment; filename="rf-device_RF-0001_rf_recordings.zip"');
    const directory = mkdtempSync(join(tmpdir(), 'halo-rf-zip-'));
    try {
      writeFileSync(join(directory, 'archive.zip'), binary(both));
      const listing = execFileSync('unzip', ['-l', join(directory, 'archive.zip')], { encoding: 'utf8' });
      expect(listing).toContain(`rf-device_RF-0001_20261123T101000Z_${uuids[1]}.iq`);
      execFileSync('unzip', ['-tq', join(directory, 'archive.zip')]);
      const extracted = execFileSync('unzip', [
        '-p',
        join(directory, 'archive.zip'),
        `rf-device_RF-0001_20261123T101000Z_${uuids[1]}.iq`,
      ]);
      expect(extracted).toEqual(Buffer.alloc(2048, 2));
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('error 111 for an unknown or broken recording; bad bodies are error 1', async () => {
    const unknown = await configCall(provider.api, admin, 'post', '/rf_data_recordings_download', {
      report_uuids: [randomUUID()],
      device_id: deviceId,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      error: ErrorCode.RF_RECORDING_DOWNLOAD,
      message: 'RF recording link broken or download failed',
    });
    unlinkSync(rfRecordingPath(provider.provider.context.config.dataDir, `${uuids[0]}.iq`));
    const broken = await configCall(provider.api, admin, 'post', '/rf_data_recordings_download', {
      report_uuids: uuids,
      device_id: deviceId,
    });
    expect(broken.body.error).toBe(ErrorCode.RF_RECORDING_DOWNLOAD);
    // Another device's recording is not this device's.
    const other = await createDevice(provider.api, admin, clientDevice('other-device'));
    expect(
      (
        await configCall(provider.api, admin, 'post', '/rf_data_recordings_download', {
          report_uuids: [uuids[1]],
          device_id: other,
        })
      ).body.error,
    ).toBe(ErrorCode.RF_RECORDING_DOWNLOAD);
    for (const body of [
      {},
      { report_uuids: [], device_id: deviceId },
      { report_uuids: ['not-a-uuid'], device_id: deviceId },
      { report_uuids: uuids, device_id: 'x' },
      { report_uuids: uuids, device_id: deviceId, extra: 1 },
    ]) {
      const response = await configCall(provider.api, admin, 'post', '/rf_data_recordings_download', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error, JSON.stringify(body)).toBe(ErrorCode.MISSING_VALUES);
    }
  });

  it('needs permission 110 or 111 and stays inside the environment', async () => {
    await createUser(provider.api, admin, 'rf-viewer', [Permission.RF_RECORDINGS_VIEW]);
    await createUser(provider.api, admin, 'rf-all', [Permission.RF_RECORDINGS_UPDATE_ALL]);
    await createUser(provider.api, admin, 'device-viewer', [Permission.DEVICES_VIEW]);
    for (const username of ['rf-viewer', 'rf-all']) {
      const holder = await as(provider.api, username, 'root');
      await configCall(provider.api, holder, 'get', `/rf_data_recordings?device_id=${deviceId}`).expect(200);
      expect((await download(holder, { report_uuids: [uuids[0]], device_id: deviceId })).status).toBe(200);
    }
    const viewer = await as(provider.api, 'device-viewer', 'root');
    expect((await configCall(provider.api, viewer, 'get', `/rf_data_recordings?device_id=${deviceId}`)).status).toBe(
      403,
    );
    expect(
      (
        await configCall(provider.api, viewer, 'post', '/rf_data_recordings_download', {
          report_uuids: [uuids[0]],
          device_id: deviceId,
        })
      ).status,
    ).toBe(403);
    const stranger = await createEnvironment(provider.api, admin, 'rf-stranger');
    expect((await configCall(provider.api, stranger, 'get', `/rf_data_recordings?device_id=${deviceId}`)).status).toBe(
      404,
    );
    expect(
      (
        await configCall(provider.api, stranger, 'post', '/rf_data_recordings_download', {
          report_uuids: [uuids[0]],
          device_id: deviceId,
        })
      ).status,
    ).toBe(404);
  });

  it('deleting the device removes its recordings and their files', async () => {
    await configCall(provider.api, admin, 'delete', `/devices/${deviceId}`).expect(200);
    expect(await provider.provider.context.db.selectFrom('rf_recordings').selectAll().execute()).toEqual([]);
    expect(() =>
      execFileSync('test', ['-e', rfRecordingPath(provider.provider.context.config.dataDir, `${uuids[0]}.iq`)]),
    ).toThrow();
  });
});

describe('zipArchive', () => {
  it('writes an archive unzip accepts, entries intact', () => {
    const directory = mkdtempSync(join(tmpdir(), 'halo-zip-'));
    try {
      const archive = zipArchive([
        { name: 'a.iq', data: Buffer.from('first'), modified: new Date(Date.UTC(2026, 0, 2, 3, 4, 6)) },
        { name: 'b.iq', data: Buffer.alloc(0), modified: new Date(Date.UTC(2026, 0, 2)) },
      ]);
      writeFileSync(join(directory, 'x.zip'), archive);
      execFileSync('unzip', ['-tq', join(directory, 'x.zip')]);
      expect(execFileSync('unzip', ['-p', join(directory, 'x.zip'), 'a.iq'], { encoding: 'utf8' })).toBe('first');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
