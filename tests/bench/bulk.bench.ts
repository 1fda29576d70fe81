import {
  API,
  API_BASE,
  apiPaths,
  DEVICE_BULK_MAX_DEVICES,
  DEVICE_IMPORT_FILE_FIELD,
  DeviceBulkResultSchema,
  pathOf,
} from '@halo/shared';
import { test } from '@playwright/test';
import { login, type Session } from '../fixtures/liveClient';
import { withStore } from '../fixtures/ownDatabase';
import { startProvider, type ProviderProcess } from '../fixtures/stack';
import { figureTable, ms, percentile, processMemoryMB } from './benchFigures';
import { authorized, latency, secondTenant, tenantCalls, type TenantCall } from './otherTenant';
import { assertVerified } from './verifiedCounts';

/**
 * bench:bulk (issue 28). A provider of its own on SQLite (BENCH_BULK_DIALECTS=sqlite,postgres
 * for both). Tenant A imports BENCH_BULK_DEVICES client devices (10,000 by default), then
 * disables all of them in bulk calls of DEVICE_BULK_MAX_DEVICES (as the console sends them) and
 * enables them again the same way, while tenant B,
 * another environment, makes cheap calls one after another: its devices list (a read) and,
 * every tenth call, a device create (a short write). Prints each bulk call's duration against
 * the target (≤ 10 s for 10,000 devices) and B's latency idle and during each call against the
 * isolation target (REST p99 ≤ 100 ms, as bench:isolation's). Asserts only that every device was
 * done.
 */
const DEVICES = Number(process.env.BENCH_BULK_DEVICES ?? 10_000);
const DIALECTS = (process.env.BENCH_BULK_DIALECTS ?? 'sqlite').split(',') as ('sqlite' | 'postgres')[];
const IDLE_CALLS = 100;
const B_DEVICES = 200;
const TARGET = { bulkSeconds: 10, tenantP99Ms: 100 };

/** Imports `count` client devices named `prefix-N` into the caller's environment; answers their ids. */
async function importDevices(provider: ProviderProcess, session: Session, prefix: string, count: number) {
  const lines = ['name,pairing_id,type,is_server,ip_addresses,port_from,port_to'];
  for (let index = 0; index < count; index += 1) lines.push(`${prefix}-${index},${prefix}-SERIAL-${index},1,false,,,`);
  const form = new FormData();
  form.append(DEVICE_IMPORT_FILE_FIELD, new Blob([lines.join('\n')], { type: 'text/csv' }), `${prefix}.csv`);
  const response = await fetch(`${provider.url}${API_BASE}${apiPaths.devices.import(session.environmentId)}`, {
    method: 'POST',
    headers: authorized(session),
    body: form,
  });
  const body = (await response.json()) as { imported?: number; report?: { id?: number }[] };
  if (response.status !== 200 || body.imported !== count) {
    throw new Error(`import of ${prefix}: ${response.status}, ${body.imported ?? 0} of ${count}`);
  }
  return (body.report ?? []).flatMap((row) => (row.id === undefined ? [] : [row.id]));
}

interface BulkRun {
  readonly action: string;
  readonly status: number;
  readonly done: number;
  readonly ms: number;
  /** B's calls while it ran. */
  readonly during: readonly TenantCall[];
}

/** One bulk call of A on `ids`, with B calling until it answers. */
async function bulkWhileTenantWorks(
  provider: ProviderProcess,
  admin: Session,
  tenant: Session,
  action: 'disable' | 'enable',
  ids: readonly number[],
  firstIndex: number,
): Promise<BulkRun> {
  let answered = false;
  const started = performance.now();
  // In calls of the most one may name, one after another, as the console sends them.
  const call = (async () => {
    let done = 0;
    let status = 200;
    for (let start = 0; start < ids.length && status === 200; start += DEVICE_BULK_MAX_DEVICES) {
      const response = await fetch(
        `${provider.url}${API_BASE}${pathOf(API.devices.bulk, { environmentId: admin.environmentId })}`,
        {
          method: 'POST',
          headers: { ...authorized(admin), 'Content-Type': 'application/json' },
          body: JSON.stringify({ action, device_ids: ids.slice(start, start + DEVICE_BULK_MAX_DEVICES) }),
        },
      );
      const text = await response.text();
      status = response.status;
      done += response.ok ? DeviceBulkResultSchema.parse(JSON.parse(text)).done.length : 0;
    }
    answered = true;
    return { status, done, ms: performance.now() - started };
  })();
  const during = await tenantCalls(provider, tenant, firstIndex, () => answered);
  return { action, ...(await call), during };
}

const p99 = (calls: readonly TenantCall[]) =>
  percentile(
    calls.filter((call) => call.kind === 'read').map((call) => call.ms),
    99,
  );

for (const dialect of DIALECTS) {
  test(`bulk disable and enable of ${DEVICES} devices on ${dialect} while another tenant works`, () =>
    withStore(dialect, async (databaseUrl) => {
      const provider = await startProvider({
        DATABASE_URL: databaseUrl,
        HALO_ENVIRONMENT_MAX_DEVICES: String(DEVICES * 2),
        HALO_LOG_LEVEL: 'warn',
      });
      try {
        const admin = await login(provider.url, provider.adminPassword);
        const tenant = await secondTenant(provider, admin);
        const ids = await importDevices(provider, admin, 'bulk', DEVICES);
        await importDevices(provider, tenant, 'b-fleet', B_DEVICES);
        const idle = await tenantCalls(provider, tenant, 0, (calls) => calls.length >= IDLE_CALLS);
        const before = processMemoryMB(provider.pid);
        const disabled = await bulkWhileTenantWorks(provider, admin, tenant, 'disable', ids, idle.length);
        const enabled = await bulkWhileTenantWorks(
          provider,
          admin,
          tenant,
          'enable',
          ids,
          idle.length + disabled.during.length,
        );
        const memory = processMemoryMB(provider.pid);
        const runRows = [disabled, enabled].flatMap((run): (readonly [string, string])[] => [
          [
            `A ${run.action} ${DEVICES} devices`,
            `${(run.ms / 1000).toFixed(1)} s, status ${run.status}, ${run.done} done (target ≤ ${TARGET.bulkSeconds} s${
              DEVICES === 10_000 ? '' : ' for 10,000'
            })`,
          ],
          [
            `B reads during ${run.action}`,
            `${latency(run.during, 'read')} (target p99 ≤ ${TARGET.tenantP99Ms} ms: ${
              p99(run.during) <= TARGET.tenantP99Ms ? 'met' : 'missed'
            })`,
          ],
          [`B writes during ${run.action}`, latency(run.during, 'write')],
          [`B errors during ${run.action}`, String(run.during.filter((call) => !call.ok).length)],
        ]);
        console.log(
          figureTable(`bench:bulk on ${dialect}: ${DEVICES} devices while tenant B calls`, [
            ['B reads, idle', latency(idle, 'read')],
            ['B writes, idle', latency(idle, 'write')],
            ...runRows,
            [
              'provider memory',
              `${before.resident.toFixed(0)} MB before, peak ${memory.peak.toFixed(0)} MB (+${(memory.peak - before.resident).toFixed(0)} MB)`,
            ],
            [
              'B read p99 idle → worst during',
              `${ms(p99(idle))} → ${ms(Math.max(p99(disabled.during), p99(enabled.during)))}`,
            ],
          ]),
        );
        assertVerified(
          'bench:bulk',
          [disabled, enabled].map((run) => ({
            what: `devices done by the bulk ${run.action} (${run.status})`,
            stated: DEVICES,
            verified: run.done,
            wrong: Math.max(0, run.done - DEVICES),
            wrongWhat: 'more than asked',
          })),
        );
      } finally {
        await provider.dispose();
      }
    }));
}
