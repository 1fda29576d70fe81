import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, apiPaths } from '@halo/shared';
import { sql } from 'kysely';
import { clientDevice, createDevice } from '../testing/devices.js';
import { as, createEnvironment, type Actor } from '../testing/people.js';
import { DIALECTS, startTestProvider, TEST_ADMIN_PASSWORD, type TestProvider } from '../testing/testProvider.js';
import { startProvider } from '../provider.js';
import { publishStage, stageDeviceRows, STAGE_ABANDONED_AFTER_MS, type StagedDeviceRow } from './deviceImportStage.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

const HEADER = 'name,pairing_id,type,is_server,ip_addresses,port_from,port_to';

const stagedRow = (seq: number, name: string, pairingId: string): StagedDeviceRow => ({
  seq,
  name,
  pairing_id: pairingId,
  type: 1,
  is_server: 0,
  is_enabled: 1,
  ip_addresses: '[]',
  port_from: null,
  port_to: null,
  upgrade_policy: null,
  audit_detail: null,
  audit_detail_code: 'imported',
  audit_detail_params: null,
});

describe.each(DIALECTS)('device import stage on %s', (dialect) => {
  let provider: TestProvider;
  let admin: Actor;
  beforeEach(async () => {
    provider = await startTestProvider(dialect);
    admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
  });
  afterEach(async () => {
    await provider.stop();
  });
  const db = () => provider.provider.context.db;
  const deviceCount = async () => (await db().selectFrom('devices').select('id').execute()).length;
  const stagedCount = async () => (await db().selectFrom('device_import_rows').select('seq').execute()).length;

  it('publishes none of the rows when one fails late (its pairing id taken after the check)', async () => {
    const stage = { importId: 'late-failure', startedAt: provider.clock.now };
    await stageDeviceRows(db(), stage, [stagedRow(1, 'late-1', 'SN-LATE-1'), stagedRow(2, 'late-2', 'SN-LATE-2')]);
    await createDevice(provider.api, admin, clientDevice('meanwhile', 'SN-LATE-2'));
    const publishing = publishStage(db(), stage, {
      environmentId: admin.environmentId,
      user: { id: admin.userId, username: 'admin' },
      now: provider.clock.now,
      count: 2,
      guard: () => Promise.resolve(),
    });
    await expect(publishing).rejects.toThrow();
    expect(await deviceCount()).toBe(1);
    expect(
      (await db().selectFrom('user_audits').select('id').where('detail_code', '=', 'imported').execute()).length,
    ).toBe(0);
    // The stage is still there for the import to drop (the route does): nothing of it became a device.
    expect(await stagedCount()).toBe(2);
  });

  it('answers another tenant’s read and write while an import runs', async () => {
    const tenant = await createEnvironment(provider.api, admin, 'busy-neighbour');
    await createDevice(provider.api, tenant, clientDevice('neighbour-cam'));
    const rows = 30_000;
    const lines = [HEADER];
    for (let index = 0; index < rows; index += 1) lines.push(`bulk-${index},BULK-${index},1,false,,,`);
    const order: string[] = [];
    const importing = provider.api
      .post(`${API_BASE}${apiPaths.devices.import(admin.environmentId)}`)
      .set('Authorization', admin.authorization)
      .attach('file', Buffer.from(lines.join('\n')), { filename: 'bulk.csv', contentType: 'text/csv' })
      .then((response) => {
        order.push('import');
        return response;
      });
    // Once the import has staged rows it is under way; the neighbour asks then.
    while ((await stagedCount()) === 0) await yieldToLoop();
    const listed = await provider.api
      .get(`${API_BASE}${apiPaths.devices.list(tenant.environmentId)}`)
      .set('Authorization', tenant.authorization);
    order.push('neighbour read');
    const created = await provider.api
      .post(`${API_BASE}${apiPaths.devices.list(tenant.environmentId)}`)
      .set('Authorization', tenant.authorization)
      .send({ device: clientDevice('neighbour-cam-2') });
    order.push('neighbour write');
    expect(listed.status).toBe(200);
    expect(created.status).toBe(201);
    const imported = await importing;
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toBe(rows);
    expect(order).toEqual(['neighbour read', 'neighbour write', 'import']);
    expect(await stagedCount()).toBe(0);
  });

  it('sweeps at start-up the stage a stopped import left', async () => {
    const abandoned = provider.clock.now - STAGE_ABANDONED_AFTER_MS - 1;
    await stageDeviceRows(db(), { importId: 'cut-off', startedAt: abandoned }, [stagedRow(1, 'cut-1', 'SN-CUT-1')]);
    await stageDeviceRows(db(), { importId: 'running', startedAt: provider.clock.now }, [
      stagedRow(1, 'run-1', 'SN-RUN-1'),
    ]);
    const schema =
      dialect === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db())).rows[0]?.schema
        : undefined;
    const restarted = await startProvider(provider.provider.context.config, {
      store: schema ? { postgresSchema: schema } : {},
      now: () => provider.clock.now,
    });
    await restarted.close();
    const left = await db().selectFrom('device_import_rows').select('import_id').execute();
    // An SQLite file is one provider's: all of it was cut off. PostgreSQL may be shared with a
    // provider importing right now: only a stage older than any import can be is swept.
    expect(left.map((row) => row.import_id)).toEqual(dialect === 'sqlite' ? [] : ['running']);
    expect(await deviceCount()).toBe(0);
  });
});
