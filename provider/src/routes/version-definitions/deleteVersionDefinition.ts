import { API, AuditAction, AuditResource, deviceTypeOfModel, ErrorCode } from '@halo/shared';
import { parseUpgradePolicy } from '../../store/deviceJsonColumns.js';
import { route } from '../../http/endpointRoute.js';
import { refuse } from '../../errors/httpError.js';
import { auditChange } from '../../http/reachable.js';
import { descendantsOf, idNotFound } from '../../http/tenancy.js';

/** How many pinned devices a refusal names before "and N more". */
const NAMED_DEVICES = 5;

/**
 * DELETE config/{env}/admin/versions_definition/{id}: only the environment's own definitions
 * (an inherited one is "ID not found"). A version that devices' upgrade policies pin, here or
 * below, is refused with error 71 naming them.
 */
export const deleteVersionDefinition = route(API.versions.remove, (context) => async ({ auth, params, signal }) => {
  const definition = await context.db
    .selectFrom('version_definitions')
    .selectAll()
    .where('id', '=', params.id)
    .where('environment_id', '=', auth.target.id)
    .executeTakeFirst();
  if (!definition) throw idNotFound();
  const environments = [auth.target.id, ...(await descendantsOf(context.db, auth.target.id)).map((row) => row.id)];
  // A scan of every device's policy below (no index serves the match): in the read pool.
  const candidates = await context.reads.begin('page', signal).rows(
    context.db
      .selectFrom('devices')
      .select(['name', 'upgrade_policy'])
      .where('environment_id', 'in', environments)
      .where('type', '=', deviceTypeOfModel(definition.device_model) ?? -1)
      .where('upgrade_policy', 'like', `%${definition.official_version}%`)
      .orderBy('name')
      .compile(),
  );
  const pinned = candidates
    .filter((device) => parseUpgradePolicy(device.upgrade_policy)?.fixed_version === definition.official_version)
    .map((device) => device.name);
  if (pinned.length > 0) {
    const named = pinned.slice(0, NAMED_DEVICES).join(', ');
    const more = pinned.length - NAMED_DEVICES;
    throw refuse(ErrorCode.VERSION_IN_USE, { devices: more > 0 ? `${named} (+${more})` : named, count: pinned.length });
  }
  await context.db.deleteFrom('version_definitions').where('id', '=', definition.id).execute();
  await auditChange(
    context.db,
    auth,
    {
      resource: AuditResource.VERSION_DEFINITION,
      action: AuditAction.DELETE,
      name: `${definition.device_model} ${definition.official_version}`,
    },
    context.now(),
  );
  return { ok: true };
});
