import { API, AuditAction, AuditResource, type GroupDevicesResponse } from '@halo/shared';
import type { Kysely } from 'kysely';
import type { ProviderContext } from '../../context.js';
import { route } from '../../http/endpointRoute.js';
import { jsonArrayAnswer, type JsonAnswer } from '../../http/jsonAnswer.js';
import { auditChange, findReachable } from '../../http/reachable.js';
import { idNotFound } from '../../http/tenancy.js';
import { forEachSlice } from '../../loopTurns.js';
import { addGroupMembers, removeGroupMembers } from '../../store/groupMembers.js';
import { keptToEnvironment } from '../../store/keptToEnvironment.js';
import { textOfBatches } from '../../store/keysetPages.js';
import type { Database } from '../../store/schema.js';

/** Members written per statement. */
const MEMBERS_PER_STATEMENT = 500;

/**
 * A group's devices, streamed: a group may hold every device of a 100,000-device environment,
 * so they are read by id in keyset batches (HALO_LIST_BATCH_ROWS) in the read pool, each
 * batch's JSON sent as it comes; neither the loop nor memory holds the whole list.
 */
function membersOf(
  context: ProviderContext,
  read: ReturnType<ProviderContext['reads']['begin']>,
  groupId: number,
  unknownNames: readonly string[] = [],
): JsonAnswer<GroupDevicesResponse> {
  const batches = textOfBatches((pastId, limit) => {
    const members = context.db
      .selectFrom('device_group_members')
      .innerJoin('devices', 'devices.id', 'device_group_members.device_id')
      .select(['devices.id', 'devices.name', 'devices.pairing_id'])
      .where('device_group_members.group_id', '=', groupId);
    const batch = pastId === undefined ? members : members.where('devices.id', '>', pastId);
    return read.shaped(batch.orderBy('devices.id').limit(limit).compile(), 'rowsJsonBatch', undefined);
  }, context.config.listBatchRows);
  return jsonArrayAnswer<GroupDevicesResponse>('devices', batches, { unknown_names: [...unknownNames] });
}

/**
 * The environment's devices named (by name or serial number, whatever the case) in `names`, and
 * the names none has. No index serves lower(name): each slice scans the environment's devices,
 * so the reads go to the read pool, off the loop that serves everyone.
 */
async function devicesNamed(
  db: Kysely<Database>,
  read: ReturnType<ProviderContext['reads']['begin']>,
  environmentId: number,
  names: readonly string[],
) {
  const wanted = new Map(names.map((name) => [name.toLowerCase(), name]));
  const ids = new Set<number>();
  const matched = new Set<string>();
  await forEachSlice([...wanted.keys()], MEMBERS_PER_STATEMENT, async (slice) => {
    const rows = await read.rows(
      db
        .selectFrom('devices')
        .select(['id', 'name', 'pairing_id'])
        .where('environment_id', '=', environmentId)
        .where((eb) =>
          eb.or([eb(eb.fn('lower', ['name']), 'in', slice), eb(eb.fn('lower', ['pairing_id']), 'in', slice)]),
        )
        .compile(),
    );
    for (const row of rows) {
      ids.add(row.id);
      matched.add(row.name.toLowerCase());
      matched.add(row.pairing_id.toLowerCase());
    }
  });
  return { ids: [...ids], unknown: [...wanted].filter(([key]) => !matched.has(key)).map(([, name]) => name) };
}

/** GET config/{env}/groups/{id}/devices: the group's devices by name. */
export const listGroupDevices = route(API.groups.devices, (context) => async ({ auth, params, signal }) => {
  const group = await findReachable(context.db, 'groups', auth, params.id);
  return membersOf(context, context.reads.begin('export', signal), group.id);
});

/**
 * POST config/{env}/groups/{id}/devices {add?, add_names?, remove?}: devices of the group's
 * environment in and out (a device id of another environment refuses the whole call, 404; a
 * name no device of the environment has is answered in unknown_names; adding a member or
 * removing a non-member changes nothing), in one transaction, audited on the group.
 */
export const changeGroupDevices = route(
  API.groups.changeDevices,
  (context) =>
    async ({ auth, params, body, signal }) => {
      const group = await findReachable(context.db, 'groups', auth, params.id);
      const read = context.reads.begin('page', signal);
      const byName = await devicesNamed(context.db, read, auth.target.id, body.add_names ?? []);
      const adding = new Set([...(body.add ?? []), ...byName.ids]);
      const add = [...adding];
      const remove = [...new Set(body.remove ?? [])].filter((id) => !adding.has(id));
      const named = [...add, ...remove];
      await context.db.transaction().execute(async (trx) => {
        let found = 0;
        await forEachSlice(named, MEMBERS_PER_STATEMENT, async (slice) => {
          const rows = await trx
            .selectFrom('devices')
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .where('id', 'in', slice)
            .where(keptToEnvironment(auth.target.id))
            .executeTakeFirst();
          found += Number(rows?.count ?? 0);
        });
        if (found !== named.length) throw idNotFound();
        await forEachSlice(add, MEMBERS_PER_STATEMENT, (slice) => addGroupMembers(trx, group.id, slice));
        await forEachSlice(remove, MEMBERS_PER_STATEMENT, (slice) => removeGroupMembers(trx, group.id, slice));
        await auditChange(
          trx,
          auth,
          {
            resource: AuditResource.GROUP,
            action: AuditAction.UPDATE,
            name: group.name,
            detail: `+${add.length} −${remove.length}`,
          },
          context.now(),
        );
      });
      return membersOf(context, context.reads.begin('export', signal), group.id, byName.unknown);
    },
);
