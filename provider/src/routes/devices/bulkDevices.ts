import {
  API,
  AuditAction,
  AuditResource,
  can,
  fieldChanges,
  type DeviceBulkRefusal,
  type DeviceBulkRefused,
  type DeviceBulkRequest,
  type DeviceBulkResult,
  type FieldChange,
} from '@halo/shared';
import { sql, type Kysely } from 'kysely';
import type { ProviderContext } from '../../context.js';
import { forbidden } from '../../errors/httpError.js';
import { log } from '../../log.js';
import { route } from '../../http/endpointRoute.js';
import { auditChanges, findReachable } from '../../http/reachable.js';
import { subjectOf, type Scoped } from '../../http/tenancy.js';
import { forEachPacedSlice, type Pace } from '../../loopTurns.js';
import { listedAmong } from '../../store/allowedDevices.js';
import { addGroupMembers, membersAmong, removeGroupMembers } from '../../store/groupMembers.js';
import { takeRevisions } from '../../store/revisions.js';
import { keptToEnvironment } from '../../store/keptToEnvironment.js';
import { cast } from '../../store/sqlCast.js';
import { removeRfRecordingFiles } from '../../store/rfRecordingFiles.js';
import type { Database, DeviceRow, GroupRow } from '../../store/schema.js';
import { auditDevices, updateAuditAction } from './deviceAudit.js';
import { assertDeviceCapability, mayActOnDevice, type DeviceAction } from './deviceConstraints.js';
import { deviceSettingsView } from './deviceView.js';
import { removeDevices } from './removeDevices.js';

/**
 * Devices read, checked and written per transaction, with a turn of the event loop between two
 * transactions (loopTurns.ts, forEachPacedSlice): each transaction is sized to take about
 * TRANSACTION_AIM_MS, for it holds SQLite's one connection (and, there, the provider's thread)
 * while other tenants' calls wait for it; a busy store or machine gets shorter ones. At most
 * DEVICES_PER_TRANSACTION, well under the bound-parameter limits of an `in` list.
 */
export const DEVICES_PER_TRANSACTION = 200;
const TRANSACTION_AIM_MS = 10;
const BULK_PACE: Pace = { aimMs: TRANSACTION_AIM_MS, first: 50, fewest: 25, most: DEVICES_PER_TRANSACTION };

const BULK_COLUMNS = ['id', 'environment_id', 'name', 'created_by', 'is_enabled', 'upgrade_policy'] as const;
type BulkRow = Pick<DeviceRow, (typeof BULK_COLUMNS)[number]>;

/** What one transaction did with the devices it was given. */
interface BatchOutcome {
  readonly done: readonly number[];
  readonly unchanged: readonly number[];
  /** Files to remove once the transaction is committed (a deletion's RF recordings). */
  readonly files?: readonly string[];
}

/** How a bulk action treats the devices found in the environment. */
interface BulkPlan {
  /** The device-level permission each device is checked for (section 6); null: the action has none (groups). */
  readonly permission: DeviceAction | null;
  /** Writes what changes for `devices` (found, and permitted) in the caller's transaction. */
  apply(trx: Kysely<Database>, devices: readonly BulkRow[]): Promise<BatchOutcome>;
}

/**
 * Enable, disable, an upgrade policy: `columns` set on each device whose settings they change,
 * as PUT /devices/{id} would write them (its own revision, so devices_state?state=1 reports
 * it; one audit row with the field changed, as enable, disable or update); a device already so
 * is unchanged and nothing is written for it.
 */
function settingsPlan(
  auth: Scoped,
  columns: Partial<Pick<DeviceRow, 'is_enabled' | 'upgrade_policy'>>,
  now: number,
): BulkPlan {
  const fields = Object.keys(columns);
  return {
    permission: 'update',
    async apply(trx, devices) {
      const changed: { device: BulkRow; action: AuditAction; changes: FieldChange[] }[] = [];
      const unchanged: number[] = [];
      for (const device of devices) {
        const before = deviceSettingsView(device);
        const after = deviceSettingsView({ ...device, ...columns });
        const changes = fieldChanges(before, after, { fields });
        if (changes.length === 0) unchanged.push(device.id);
        else changed.push({ device, action: updateAuditAction(before.is_enabled, after.is_enabled), changes });
      }
      if (changed.length === 0) return { done: [], unchanged };
      // One statement for the batch, each device its own revision.
      const first = await takeRevisions(trx, changed.length);
      const revisionOf = sql<number>`case ${sql.ref('id')} ${sql.join(
        changed.map(({ device }, index) => sql`when ${device.id} then ${cast(first + index, 'bigint')}`),
        sql` `,
      )} end`;
      const updated = await trx
        .updateTable('devices')
        .set({ ...columns, updated_at: now, revision: revisionOf })
        .where(
          'id',
          'in',
          changed.map(({ device }) => device.id),
        )
        .where(keptToEnvironment(auth.target.id))
        .returning('id')
        .execute();
      // One missing: another call deleted it since it was read.
      const still = new Set(updated.map((row) => row.id));
      const written = changed.filter(({ device }) => still.has(device.id));
      await auditDevices(
        trx,
        auth,
        written.map(({ device, action, changes }) => ({ action, name: device.name, changes })),
        now,
      );
      return { done: written.map(({ device }) => device.id), unchanged };
    },
  };
}

/** Delete: each device as DELETE /devices/{id} removes it (removeDevices). */
function deletePlan(auth: Scoped, now: number): BulkPlan {
  return {
    permission: 'delete',
    async apply(trx, devices) {
      const removed = await removeDevices(trx, auth, devices, now);
      return { done: removed.ids, unchanged: [], files: removed.files };
    },
  };
}

/**
 * Into or out of a group, as POST /groups/{id}/devices does it (no device-level permission:
 * the group's capability), with one audit row on the group per device moved, naming it; a
 * device already in (or not in) the group is unchanged.
 */
function groupPlan(auth: Scoped, group: GroupRow, adding: boolean, now: number): BulkPlan {
  return {
    permission: null,
    async apply(trx, devices) {
      const members = await membersAmong(
        trx,
        group.id,
        devices.map((device) => device.id),
      );
      const moving = devices.filter((device) => members.has(device.id) !== adding);
      const ids = moving.map((device) => device.id);
      await (adding ? addGroupMembers(trx, group.id, ids) : removeGroupMembers(trx, group.id, ids));
      await auditChanges(
        trx,
        auth,
        moving.map((device) => ({
          resource: AuditResource.GROUP,
          action: AuditAction.UPDATE,
          name: group.name,
          changes: [{ field: 'devices', old: adding ? null : device.name, new: adding ? device.name : null }],
        })),
        now,
      );
      return {
        done: ids,
        unchanged: devices.filter((device) => members.has(device.id) === adding).map((device) => device.id),
      };
    },
  };
}

/**
 * The plan of the action asked, once the caller holds the capability it needs at all: without
 * it, 403 of the kind the single call answers (deviceUpdateForbidden, deviceDeleteForbidden,
 * forbidden), and nothing is read or written. A group of another environment is error 6 (404).
 */
async function planOf(context: ProviderContext, auth: Scoped, body: DeviceBulkRequest, now: number) {
  switch (body.action) {
    case 'enable':
    case 'disable':
      assertDeviceCapability(auth, 'update');
      return settingsPlan(auth, { is_enabled: body.action === 'enable' ? 1 : 0 }, now);
    case 'set_upgrade_policy':
      assertDeviceCapability(auth, 'update');
      return settingsPlan(auth, { upgrade_policy: JSON.stringify(body.upgrade_policy) }, now);
    case 'delete':
      assertDeviceCapability(auth, 'delete');
      return deletePlan(auth, now);
    case 'add_to_group':
    case 'remove_from_group': {
      if (!can(subjectOf(auth), 'groups.update')) throw forbidden();
      const group = await findReachable(context.db, 'groups', auth, body.group_id);
      return groupPlan(auth, group, body.action === 'add_to_group', now);
    }
  }
}

/**
 * POST config/{env}/devices/bulk {action, device_ids, ...}: one action on many devices of the
 * environment, each checked as the single action checks it (section 6): an id that is no device
 * of the environment is refused `notFound`, a device plain 52/54 does not reach (neither the
 * caller's nor in their allowed list) `notAllowed`; the others are done, each with its own audit
 * row, or unchanged when already as asked. Ids are taken once each, in the order given; the
 * report lists them in that order. Done in short transactions (BULK_PACE) with a turn of the
 * event loop between two: a device done is committed (and reported by
 * devices_state) as its transaction ends, not when the call answers. Should the store fail in a
 * transaction, that batch is rolled back and the call stops there: it still answers its report,
 * the devices of that batch and after it refused `notDone` (the failure in the provider's log),
 * so what was committed before is told, never hidden behind a 500.
 */
export const bulkDevices = route(API.devices.bulk, (context) => async ({ auth, body }) => {
  const now = context.now();
  const asked = await planOf(context, auth, body, now);
  // A dry run checks each device as the action would, and writes (and audits) nothing.
  const plan: BulkPlan = body.dry_run
    ? { permission: asked.permission, apply: (_trx, devices) => Promise.resolve(wouldChange(devices)) }
    : asked;
  const ids = [...new Set(body.device_ids)];
  const result: DeviceBulkResult = { action: body.action, requested: ids.length, done: [], unchanged: [], refused: [] };
  /** One batch read, checked and written in one transaction. */
  const batchOf = (trx: Kysely<Database>, slice: readonly number[]) => checkAndApply(trx, auth, plan, slice);
  let failed = false;
  await forEachPacedSlice(ids, BULK_PACE, async (slice) => {
    const notDone = () => result.refused.push(...slice.map((id) => refusedEntry(id, undefined, 'notDone')));
    if (failed) return notDone();
    let batch: Awaited<ReturnType<typeof batchOf>>;
    try {
      batch = await context.db.transaction().execute((trx) => batchOf(trx, slice));
    } catch (error) {
      log.error(
        { err: error, action: body.action, environmentId: auth.target.id, devices: slice.length },
        'bulk action: a batch failed and was rolled back; the call stops there',
      );
      failed = true;
      return notDone();
    }
    const { outcome, found, refusals } = batch;
    const done = new Set(outcome.done);
    const unchanged = new Set(outcome.unchanged);
    for (const id of slice) {
      if (done.has(id)) result.done.push(id);
      else if (unchanged.has(id)) result.unchanged.push(id);
      else result.refused.push(refusedEntry(id, found.get(id), refusals.get(id) ?? 'notFound'));
    }
    if (outcome.files?.length) await removeRfRecordingFiles(context.config.dataDir, outcome.files);
  });
  return result;
});

/**
 * One batch: its devices of the environment read, each checked as the single action checks it
 * (`notFound`, `notAllowed`), the permitted ones given to the plan.
 */
async function checkAndApply(trx: Kysely<Database>, auth: Scoped, plan: BulkPlan, slice: readonly number[]) {
  const rows = await trx
    .selectFrom('devices')
    .select(BULK_COLUMNS)
    .where('id', 'in', slice)
    .where(keptToEnvironment(auth.target.id))
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const listed = plan.permission ? await listedAmong(trx, auth.user.id, [...byId.keys()]) : new Set<number>();
  const subject = subjectOf(auth);
  const refusals = new Map<number, DeviceBulkRefusal>();
  const permitted: BulkRow[] = [];
  for (const id of slice) {
    const row = byId.get(id);
    if (!row) refusals.set(id, 'notFound');
    else if (plan.permission && !mayActOnDevice(subject, plan.permission, row, listed.has(id)))
      refusals.set(id, 'notAllowed');
    else permitted.push(row);
  }
  return { outcome: await plan.apply(trx, permitted), found: byId, refusals };
}

/** A dry run's outcome: every device found and permitted is one the action may change. */
const wouldChange = (devices: readonly BulkRow[]): BatchOutcome => ({
  done: devices.map((device) => device.id),
  unchanged: [],
});

/** A refused device in the report: named when it is a device of the environment (and still there). */
function refusedEntry(id: number, row: BulkRow | undefined, reason: DeviceBulkRefusal): DeviceBulkRefused {
  return { device_id: id, name: reason === 'notFound' ? null : (row?.name ?? null), reason };
}
