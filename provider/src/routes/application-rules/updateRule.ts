import { API, can, AuditAction, AuditResource, fieldChanges } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { subjectOf } from '../../http/tenancy.js';
import { auditChange, findReachable } from '../../http/reachable.js';
import { assertRuleFits, ruleColumns, ruleViewOf } from './ruleRecords.js';

/** PUT config/{env}/application_rules/{id}: errors 1, 60, 61, 62. */
export const updateRule = route(API.applicationRules.update, (context) => async ({ auth, params, body: input }) => {
  const existing = await findReachable(context.db, 'application_rules', auth, params.id);
  const before = await ruleViewOf(context.db, existing.environment_id, existing);
  await assertRuleFits(
    context.db,
    existing.environment_id,
    input,
    { kind: 'update', id: existing.id },
    can(subjectOf(auth), 'applicationRules.view'),
  );
  const now = context.now();
  const row = await context.db
    .updateTable('application_rules')
    .set({ ...ruleColumns(input), updated_at: now })
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const view = await ruleViewOf(context.db, existing.environment_id, row);
  await auditChange(
    context.db,
    auth,
    {
      resource: AuditResource.APPLICATION_RULE,
      action: AuditAction.UPDATE,
      name: row.name,
      changes: fieldChanges(before, view),
    },
    now,
  );
  return { application_rule: view };
});
