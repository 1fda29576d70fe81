import { API, can, AuditAction, AuditResource, ErrorCode } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { subjectOf } from '../../http/tenancy.js';
import { refuse } from '../../errors/httpError.js';
import { auditChange } from '../../http/reachable.js';
import { assertCollectionRoom } from '../../store/collectionCaps.js';
import { isUniqueViolation } from '../../store/uniqueness.js';
import { assertRuleFits, ruleColumns, ruleViewOf } from './ruleRecords.js';

/** POST config/{env}/application_rules: errors 1, 60, 61, 64, 180 (COLLECTION_CAPS.applicationRules). */
export const createRule = route(API.applicationRules.create, (context) => async ({ auth, body: input }) => {
  const { target } = auth;
  await assertRuleFits(context.db, target.id, input, { kind: 'add' }, can(subjectOf(auth), 'applicationRules.view'));
  await assertCollectionRoom(
    'applicationRules',
    context.db.selectFrom('application_rules').where('environment_id', '=', target.id),
  );
  const now = context.now();
  try {
    const row = await context.db
      .insertInto('application_rules')
      .values({ environment_id: target.id, ...ruleColumns(input), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditChange(
      context.db,
      auth,
      { resource: AuditResource.APPLICATION_RULE, action: AuditAction.CREATE, name: row.name },
      now,
    );
    const view = await ruleViewOf(context.db, target.id, row);
    return { id: row.id, application_rule: view };
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(ErrorCode.RULE_NAME_EXISTS);
    throw error;
  }
});
