import { API_BASE, apiPaths, DEVICE_IMPORT_FILE_FIELD } from '@halo/shared';
import { test } from '@playwright/test';
import { login } from '../fixtures/liveClient';
import { withStore } from '../fixtures/ownDatabase';
import { startProvider } from '../fixtures/stack';
import { figureTable, processMemoryMB } from './benchFigures';
import { authorized, latency, secondTenant, tenantCalls } from './otherTenant';
import { assertVerified } from './verifiedCounts';

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

function importFile(rows: number): Blob {
  const lines = ['name,pairing_id,type,is_server,ip_addresses,port_from,port_to'];
  for (let index = 0; index < rows; index += 1) lines.push(`bulk-${index},BULK-SERIAL-${index},1,false,,,`);
  return new Blob([lines.join('\n')], { type: 'text/csv' });
}

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
        const idle = await tenantCalls(provider, tenant, 0, (calls) => calls.length >= IDLE_CALLS);
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
        const during = await tenantCalls(provider, tenant, idle.length, () => done);
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
        assertVerified(`bench:import on ${dialect}`, [
          {
            what: 'rows imported as devices',
            stated: ROWS,
            verified: outcome.imported,
            wrong: Math.max(0, outcome.imported - ROWS),
            wrongWhat: 'more than asked',
          },
        ]);
      } finally {
        await provider.dispose();
      }
    }));
}
