import { API, AuditAction, AuditResource, ErrorCode, SatcomLinkStatus, ValidationKey } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { refuse } from '../../errors/httpError.js';
import { auditChange } from '../../http/reachable.js';
import { assertCallableAddress } from '../../net/assertCallableAddress.js';
import { findSatcomTarget, satcomTargetView } from '../../satcom/satcomTargetView.js';

/**
 * PUT config/{env}/satcom_target: the target URL (http or https, stored as the shared schema
 * normalises it, at an address the satcom policy lets the provider call) and the API key,
 * sealed at rest; without a key the stored one is kept. A new target starts with the messages
 * that arrive from now on and is checked on the forwarder's next round.
 */
export const setSatcomTarget = route(API.satcom.setTarget, (context) => async ({ auth, body: { satcom_target } }) => {
  const environmentId = auth.target.id;
  const existing = await findSatcomTarget(context.db, environmentId);
  if (!satcom_target.api_key && !existing) {
    throw refuse(ErrorCode.MISSING_VALUES, { 'satcom_target.api_key': ValidationKey.REQUIRED });
  }
  assertCallableAddress('satcom_target.url', new URL(satcom_target.url).hostname, context.config.satcom.networks);
  const now = context.now();
  const sealed = satcom_target.api_key ? context.secrets.seal(satcom_target.api_key) : existing?.api_key_sealed;
  if (!sealed) throw refuse(ErrorCode.MISSING_VALUES, { 'satcom_target.api_key': ValidationKey.REQUIRED });
  const latest = await context.db
    .selectFrom('satcom_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('environment_id', '=', environmentId)
    .executeTakeFirst();
  const columns = {
    url: satcom_target.url,
    api_key_sealed: sealed,
    // Not checked yet: the forwarder's next round reaches the target and says how it went.
    link_status: SatcomLinkStatus.CONNECTED,
    last_error: null,
    failures: 0,
    next_attempt_at: null,
    checked_at: null,
    updated_at: now,
  };
  await context.db
    .insertInto('satcom_targets')
    .values({ environment_id: environmentId, forwarded_through_id: Number(latest?.id ?? 0), ...columns })
    .onConflict((conflict) => conflict.column('environment_id').doUpdateSet(columns))
    .execute();
  await auditChange(
    context.db,
    auth,
    {
      resource: AuditResource.SATCOM_TARGET,
      action: existing ? AuditAction.UPDATE : AuditAction.CREATE,
      name: satcom_target.url,
      changes: [
        ...(existing && existing.url !== satcom_target.url
          ? [{ field: 'url', old: existing.url, new: satcom_target.url }]
          : []),
        ...(satcom_target.api_key ? [{ field: 'api_key', old: null, new: null }] : []),
      ],
    },
    now,
  );
  return {
    satcom_target: await satcomTargetView(context.db, environmentId, await findSatcomTarget(context.db, environmentId)),
  };
});
