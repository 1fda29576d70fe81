import { API, API_BASE, apiPaths, pathOf } from '@halo/shared';
import { login, type Session } from '../fixtures/liveClient';
import type { ProviderProcess } from '../fixtures/stack';
import { ms, percentile } from './benchFigures';

/**
 * "Another tenant works": a second environment's manager making cheap calls one after another
 * while a bench's heavy call runs, and how long they took (bench:import, bench:bulk).
 */

const PASSWORD = 'Str0ng-Passw0rd!';

export const authorized = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

/** A second environment (`name`) with its manager, logged in. */
export async function secondTenant(provider: ProviderProcess, admin: Session, name = 'tenant-b'): Promise<Session> {
  const response = await fetch(`${provider.url}${API_BASE}${apiPaths.environments.list(admin.environmentId)}`, {
    method: 'POST',
    headers: { ...authorized(admin), 'Content-Type': 'application/json' },
    body: JSON.stringify({
      environment_name: name,
      username: `${name}-manager`,
      password: PASSWORD,
      email: `${name}@example.test`,
    }),
  });
  if (response.status !== 201) throw new Error(`environment: ${response.status} ${await response.text()}`);
  return login(provider.url, PASSWORD, `${name}-manager`, name);
}

export interface TenantCall {
  readonly kind: 'read' | 'write';
  readonly ms: number;
  readonly ok: boolean;
}

/** One of the tenant's calls: every tenth a device create (a short write), the others its devices list. */
export async function tenantCall(provider: ProviderProcess, tenant: Session, index: number): Promise<TenantCall> {
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

/** The tenant's calls one after another, numbered from `firstIndex`, until `enough` says so (asked before each). */
export async function tenantCalls(
  provider: ProviderProcess,
  tenant: Session,
  firstIndex: number,
  enough: (calls: readonly TenantCall[]) => boolean,
): Promise<TenantCall[]> {
  const calls: TenantCall[] = [];
  while (!enough(calls)) calls.push(await tenantCall(provider, tenant, firstIndex + calls.length));
  return calls;
}

/** p50, p99 and max of the calls of one kind, and how many. */
export function latency(calls: readonly TenantCall[], kind: TenantCall['kind']): string {
  const values = calls.filter((call) => call.kind === kind).map((call) => call.ms);
  return `p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}, max ${ms(Math.max(...values))} (${values.length} calls)`;
}
