import { AuditAction, AuditResource, auditDetail, defaultUpgradePolicy } from '@halo/shared';
import type { Kysely } from 'kysely';
import { writeAudit } from '../store/audit.js';
import { parseLinksInfo, parseSystemReport } from '../store/deviceJsonColumns.js';
import { insertInBatches } from '../store/insertInBatches.js';
import { takeRevisions } from '../store/revisions.js';
import type { Database, DeviceRow, NewDevice } from '../store/schema.js';
import {
  buildLinks,
  deviceRandom,
  initialDevice,
  planDevice,
  statusColumns,
  type DevicePlan,
  type SimulatedDevice,
} from './fleetPlan.js';
import { nearestRegion } from './regions.js';

/** The simulated fleet in the store: where it lives, creating what is missing, loading it, noticing deletions. */

/** Devices per INSERT when the fleet is created: 26 columns each, well under the bound-parameter limits. */
const INSERT_BATCH = 300;

export interface FleetSize {
  /** Fleet size; devices beyond it (from an earlier, larger run) are left alone. */
  readonly devices: number;
  readonly seed: number;
}

/** The root environment, where the demo fleet lives. */
export async function rootEnvironmentId(db: Kysely<Database>): Promise<number> {
  const root = await db
    .selectFrom('environments')
    .select('id')
    .where('parent_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return root.id;
}

async function simulatedCount(db: Kysely<Database>, environmentId: number): Promise<number> {
  const existing = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('environment_id', '=', environmentId)
    .where('simulated', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(existing.count);
}

/** The planned devices from `have` up to the fleet size that clash with no device in the store (name, serial, ports). */
async function plansToCreate(
  db: Kysely<Database>,
  environmentId: number,
  fleet: FleetSize,
  have: number,
): Promise<DevicePlan[]> {
  const names = new Set(
    (await db.selectFrom('devices').select('name').where('environment_id', '=', environmentId).execute()).map((row) =>
      row.name.toLowerCase(),
    ),
  );
  const serials = new Set(
    (await db.selectFrom('devices').select('pairing_id').execute()).map((row) => row.pairing_id.toLowerCase()),
  );
  const ranges = (
    await db
      .selectFrom('devices')
      .select(['port_from', 'port_to'])
      .where('environment_id', '=', environmentId)
      .where('is_server', '=', 1)
      .execute()
  ).map((row) => [row.port_from ?? 0, row.port_to ?? 0]);
  const plans: DevicePlan[] = [];
  for (let index = have; index < fleet.devices; index += 1) {
    const plan = planDevice(fleet.seed, index);
    const ports = plan.ports;
    const clash =
      names.has(plan.name.toLowerCase()) ||
      serials.has(plan.pairingId.toLowerCase()) ||
      (ports !== null && ranges.some(([from = 0, to = 0]) => from <= ports.to && ports.from <= to));
    if (!clash) plans.push(plan);
  }
  return plans;
}

/** A simulated device's row as the simulator creates it. */
function simulatedDeviceRow(
  plan: DevicePlan,
  environmentId: number,
  seed: number,
  now: number,
  revision: number,
): NewDevice {
  return {
    environment_id: environmentId,
    name: plan.name,
    pairing_id: plan.pairingId,
    type: plan.type,
    is_server: plan.isServer ? 1 : 0,
    is_enabled: 1,
    ip_addresses: JSON.stringify(plan.ipAddresses),
    port_from: plan.ports?.from ?? null,
    port_to: plan.ports?.to ?? null,
    upgrade_policy: JSON.stringify(defaultUpgradePolicy(plan.isServer)),
    simulated: 1,
    created_by: null,
    created_at: now,
    updated_at: now,
    revision,
    ...statusColumns(initialDevice(plan, seed, now), now),
  };
}

/**
 * Devices created per transaction. The simulator writes on a connection of its own beside the
 * provider's (simulatorThread.ts), and SQLite lets one write at a time: 100,000 devices in one
 * transaction held the write lock some ten seconds, past the provider's busy timeout.
 */
const CREATE_TRANSACTION = 2000;

/**
 * Creates the fleet's missing devices (those that clash with a device in the store are skipped),
 * in order, CREATE_TRANSACTION per transaction, with one audit row in the last; answers how
 * many. A stop between two leaves whole devices, and the next start creates the rest.
 */
export async function createMissingDevices(
  db: Kysely<Database>,
  environmentId: number,
  fleet: FleetSize,
  now: number,
): Promise<number> {
  const have = await simulatedCount(db, environmentId);
  if (have >= fleet.devices) return 0;
  const plans = await plansToCreate(db, environmentId, fleet, have);
  if (plans.length === 0) return 0;
  for (let start = 0; start < plans.length; start += CREATE_TRANSACTION) {
    const slice = plans.slice(start, start + CREATE_TRANSACTION);
    const last = start + CREATE_TRANSACTION >= plans.length;
    await db.transaction().execute(async (trx) => {
      const firstRevision = await takeRevisions(trx, slice.length);
      // Not held to HALO_ENVIRONMENT_MAX_DEVICES: the demo fleet is the operator's own setting
      // (at most 100,000, below the default limit), not a tenant's; its devices do count.
      const rows = slice.map((plan, index) =>
        simulatedDeviceRow(plan, environmentId, fleet.seed, now, firstRevision + index),
      );
      await insertInBatches(trx, 'devices', rows, INSERT_BATCH);
      if (!last) return;
      await writeAudit(
        trx,
        {
          environmentId,
          userId: null,
          username: null,
          resource: AuditResource.DEVICE,
          action: AuditAction.CREATE,
          name: '',
          detail: auditDetail('simulatedFleet', { devices: plans.length, seed: fleet.seed }),
        },
        now,
      );
    });
  }
  return plans.length;
}

/** A stored simulated device as the simulator keeps it in memory; what the row does not hold starts fresh. */
export function deviceFromRow(row: DeviceRow, plan: DevicePlan, seed: number, now: number): SimulatedDevice {
  const position =
    row.longitude !== null && row.latitude !== null ? { longitude: row.longitude, latitude: row.latitude } : null;
  const report = parseSystemReport(row.halo_system_report);
  return {
    id: row.id,
    plan: position ? { ...plan, region: nearestRegion(position) } : plan,
    activated: row.is_activated === 1,
    activatedAt: row.activated_at,
    availability: row.availability,
    mainAppStatus: row.main_app_status,
    links: parseLinksInfo(row.halo_data_links_info) ?? buildLinks(plan, () => false),
    position,
    altitude: row.altitude,
    accuracy: row.accuracy ?? 0,
    gnssLock: row.gnss_lock === 1,
    heading: deviceRandom(seed, plan.index, 2).between(0, 360),
    locationTime: row.location_time,
    lastSeenAt: row.last_seen_at,
    temperature: report?.temperature ?? 45,
    bootAt: now - (report?.uptime_seconds ?? 0) * 1000,
    usagePendingMs: 0,
    usageBilledUntil: now,
    simEventTimes: [],
  };
}

/** The fleet's stored devices, in id order, each with its plan (by its place in the fleet). */
export async function loadSimulatedDevices(
  db: Kysely<Database>,
  environmentId: number,
  fleet: FleetSize,
  now: number,
): Promise<SimulatedDevice[]> {
  const rows = await db
    .selectFrom('devices')
    .selectAll()
    .where('environment_id', '=', environmentId)
    .where('simulated', '=', 1)
    .orderBy('id')
    .limit(fleet.devices)
    .execute();
  return rows.map((row, index) => deviceFromRow(row, planDevice(fleet.seed, index), fleet.seed, now));
}

/**
 * The simulated devices still stored when the store holds fewer than `known` (some were
 * deleted through the API), else null: the count is one cheap query a tick.
 */
export async function remainingDeviceIds(
  db: Kysely<Database>,
  environmentId: number,
  known: number,
): Promise<Set<number> | null> {
  if ((await simulatedCount(db, environmentId)) >= known) return null;
  return new Set(
    (await db.selectFrom('devices').select('id').where('simulated', '=', 1).execute()).map((row) => row.id),
  );
}
