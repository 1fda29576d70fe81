import type { Request, RequestHandler } from 'express';
import { AuditAction, AuditResource, ErrorCode, OpenVpnProfileInputSchema } from '@halo/shared';
import { newOpenVpnStaticKey } from '../../ca/keys.js';
import type { ProviderContext } from '../../context.js';
import { badRequest } from '../../http/httpError.js';
import { parseBody } from '../../http/parse.js';
import { idNotFound, parseId, scoped } from '../../http/tenancy.js';
import { writeAudit } from '../../store/audit.js';
import type { OpenVpnProfileRow } from '../../store/dataPathTables.js';
import { isUniqueViolation } from '../../store/uniqueness.js';
import { assertCustomFields, profileColumns, profileView } from './profileRecords.js';

const nameExists = () => badRequest(ErrorCode.VPN_PROFILE_NAME_EXISTS, 'OpenVPN profile name exists');

async function assertNameFree(context: ProviderContext, environmentId: number, name: string, exceptId?: number) {
  let query = context.db
    .selectFrom('openvpn_profiles')
    .select('id')
    .where('environment_id', '=', environmentId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw nameExists();
}

export async function reachableProfile(context: ProviderContext, request: Request, id = parseId(request.params.id)): Promise<OpenVpnProfileRow> {
  const { target } = scoped(request);
  const row = await context.db
    .selectFrom('openvpn_profiles')
    .selectAll()
    .where('id', '=', id)
    .where('environment_id', '=', target.id)
    .executeTakeFirst();
  if (!row) throw idNotFound();
  return row;
}

async function audit(context: ProviderContext, request: Request, action: AuditAction, name: string, detail?: string) {
  const { target, user } = scoped(request);
  await writeAudit(
    context.db,
    { environmentId: target.id, userId: user.id, username: user.username, resource: AuditResource.OPENVPN_PROFILE, action, name, detail: detail ?? null },
    context.now(),
  );
}

/** GET config/{env}/apps/openvpn/profiles. */
export function listProfiles(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { target } = scoped(request);
    const rows = await context.db.selectFrom('openvpn_profiles').selectAll().where('environment_id', '=', target.id).orderBy('id').execute();
    response.json({ openvpn_profiles: rows.map(profileView) });
  };
}

/** POST config/{env}/apps/openvpn/profiles: errors 80, 82, 83. */
export function createProfile(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const input = parseBody(OpenVpnProfileInputSchema, request.body);
    assertCustomFields(input);
    const { target } = scoped(request);
    await assertNameFree(context, target.id, input.name);
    const now = context.now();
    try {
      const row = await context.db
        .insertInto('openvpn_profiles')
        .values({
          environment_id: target.id,
          ...profileColumns(input, context.secrets),
          tls_auth_key_sealed: input.advanced_config?.tls_auth ? context.secrets.seal(newOpenVpnStaticKey()) : null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(context, request, AuditAction.CREATE, row.name);
      response.status(201).json({ id: row.id, openvpn_profile: profileView(row) });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameExists();
      throw error;
    }
  };
}

/** PUT config/{env}/apps/openvpn/profiles/{id}. */
export function updateProfile(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const input = parseBody(OpenVpnProfileInputSchema, request.body);
    assertCustomFields(input);
    const existing = await reachableProfile(context, request);
    await assertNameFree(context, existing.environment_id, input.name, existing.id);
    const tlsAuthKey = input.advanced_config?.tls_auth
      ? (existing.tls_auth_key_sealed ?? context.secrets.seal(newOpenVpnStaticKey()))
      : null;
    const row = await context.db
      .updateTable('openvpn_profiles')
      .set({ ...profileColumns(input, context.secrets), tls_auth_key_sealed: tlsAuthKey, updated_at: context.now() })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(context, request, AuditAction.UPDATE, row.name);
    response.json({ openvpn_profile: profileView(row) });
  };
}

/**
 * DELETE config/{env}/apps/openvpn/profiles/{id}. Rules that used it fall back to
 * 'No VPN/Custom' and are disabled until someone gives them endpoints again.
 */
export function deleteProfile(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const existing = await reachableProfile(context, request);
    const now = context.now();
    const affected = await context.db.transaction().execute(async (trx) => {
      const rules = await trx
        .updateTable('application_rules')
        .set({ profile_id: null, is_enabled: 0, updated_at: now })
        .where('profile_id', '=', existing.id)
        .where('environment_id', '=', existing.environment_id)
        .executeTakeFirst();
      await trx.deleteFrom('openvpn_profiles').where('id', '=', existing.id).execute();
      return Number(rules.numUpdatedRows);
    });
    await audit(context, request, AuditAction.DELETE, existing.name, affected > 0 ? `${affected} rules now use No VPN/Custom and are disabled` : undefined);
    response.json({ ok: true, rules_updated: affected });
  };
}
