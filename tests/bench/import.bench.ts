import { API, API_BASE, apiPaths, DEVICE_IMPORT_FILE_FIELD, pathOf } from '@halo/shared';
import { test } from '@playwright/test';
import { login, type Session } from '../fixtures/liveClient';
import { withStore } from '../fixtures/ownDatabase';
import { startProvider, type ProviderProcess } from '../fixtures/stack';
import { figureTable, ms, percentile, processMemoryMB } from './benchFigures';

/**
 * bench:import (issue 25, points 1 and 4). A provider of its own on SQLite, then on PostgreSQL.
 * Tenant A imports a CSV of 300,000 client devices (about 11 MB) while tenant B, another
 * environment, makes cheap calls one after another: its devices list (a read) and, every tenth
 * call, a device create (a short write). Prints the import's duration, B's latency idle and
 * during the import (p50, p99, max), and the provider's resident memory before and at its
 * peak. Asserts only that the import created every row.
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 300_000);
const DIALECTS = (process.env.BENCH_IMPORT_DIALECTS ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const IDLE_CALLS = 100;
const TARGET = { tenantP99Ms: 100 };
const PASSWORD = 'Str0ng-Passw0rd!';

const authorized = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

function importFile(rows: number): Blob {
  const lines = ['name,pairing_id,type,is_server,ip_addresses,port_from,port_to'];
  for (let index = 0; index < rows; index += 1) lines.push(`bulk-${index},BULK-SERIAL-${index},1,false,,,`);
  return new Blob([lines.join('\n')], { type: 'text/csv' });
}

/** A second environment with its manager, logged in. */
async function secondTenant(provider: ProviderProcess, admin: Session): Promise<Session> {
  const response = await fetch(`${provider.url}${API_BASE}${apiPaths.environments.list(admin.environmentId)}`, {
    method: 'POST',
    headers: { ...authorized(admin), 'Content-Type': 'application/json' },
    body: JSON.stringify({
      environment_name: 'tenant-b',
      username: 'tenant-b-manager',
      password: PASSWORD,
      email: 'b@example.test',
    }),
  });
  if (response.status !== 201) throw new Error(`environment: ${response.status} ${await response.text()}`);
  return login(provider.url, PASSWORD, 'tenant-b-manager', 'tenant-b');
}

interface Call {
  readonly kind: 'read' | 'write';
  readonly ms: number;
  readonly ok: boolean;
}

/** One of B's calls: every tenth a create, the others its devices list. */
async function tenantCall(provider: ProviderProcess, tenant: Session, index: number): Promise<Call> {
  const write = index % 10 === 9;
  const started = performance.now();
  const response = write
    ? await fetch(`${provider.url}${API_BASE}${apiPaths.devices.list(tenant.environmentId)}`, {
        method: 'POST',
        headers: { ...authorized(tenant), 'Content-Type': 'application/json' },
        body: JSON.stringify({ device: { name: `b-${index}`, pairing_id: `B-SERIAL-${index}` } }),
      })
    : await fetch(`${provider.url}${API_BASE}${pathOf(API.devices.list, { environmentId: tenant.environmentId })}`, {
        headers: authorized(tenant),
      });
  await response.arrayBuffer();
  return { kind: write ? 'write' : 'read', ms: performance.now() - started, ok: response.ok };
}

const latency = (calls: readonly Call[], kind: Call['kind']) => {
  const values = calls.filter((call) => call.kind === kind).map((call) => call.ms);
  return `p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}, max ${ms(Math.max(...values))} (${values.length} calls)`;
};

for (const dialect of DIALECTS) {
  test(`device import of ${ROWS} rows on ${dialect} while another tenant works`, () =>
    withStore(dialect, async (databaseUrl) => {
      const provider = await startProvider({
        DATABASE_URL: databaseUrl,
        HALO_ENVIRONMENT_MAX_DEVICES: String(ROWS * 2),
        HALO_LOG_LEVEL: 'warn',
      });
      try {
        const admin = await login(provider.url, provider.adminPassword);
        const tenant = await secondTenant(provider, admin);
        let index = 0;
        const idle: Call[] = [];
        while (idle.length < IDLE_CALLS) idle.push(await tenantCall(provider, tenant, index++));
        const before = processMemoryMB(provider.pid);

        const form = new FormData();
        form.append(DEVICE_IMPORT_FILE_FIELD, importFile(ROWS), 'bulk.csv');
        let done = false;
        const started = performance.now();
        const importing = fetch(`${provider.url}${API_BASE}${apiPaths.devices.import(admin.environmentId)}`, {
          method: 'POST',
          headers: authorized(admin),
          body: form,
        }).then(async (response) => {
          const body = (await response.json()) as { imported?: number };
          done = true;
          return { status: response.status, imported: body.imported ?? 0, ms: performance.now() - started };
        });
        const during: Call[] = [];
        while (!done) during.push(await tenantCall(provider, tenant, index++));
        const outcome = await importing;
        const memory = processMemoryMB(provider.pid);
        const failed = during.filter((call) => !call.ok).length;

        console.log(
          figureTable(`bench:import on ${dialect}: ${ROWS} rows while tenant B calls`, [
            ['import', `${(outcome.ms / 1000).toFixed(1)} s, status ${outcome.status}, ${outcome.imported} created`],
            ['B reads, idle', latency(idle, 'read')],
            ['B writes, idle', latency(idle, 'write')],
            ['B reads, during import', `${latency(during, 'read')} (target p99 ≤ ${TARGET.tenantP99Ms} ms)`],
            ['B writes, during import', latency(during, 'write')],
            ['B errors during import', String(failed)],
            [
              'provider memory',
              `${before.resident.toFixed(0)} MB before, peak ${memory.peak.toFixed(0)} MB (+${(memory.peak - before.resident).toFixed(0)} MB)`,
            ],
          ]),
        );
        if (outcome.imported !== ROWS) throw new Error(`the import created ${outcome.imported} of ${ROWS} devices`);
      } finally {
        await provider.dispose();
      }
    }));
}
