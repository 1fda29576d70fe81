import type { Request, RequestHandler } from 'express';
import { ApplicationRuleInputSchema, AuditAction, AuditResource, ErrorCode, type RuleHub } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { badRequest } from '../../http/httpError.js';
import { parseBody } from '../../http/parse.js';
import { idNotFound, parseId, scoped } from '../../http/tenancy.js';
import { writeAudit } from '../../store/audit.js';
import type { ApplicationRuleRow } from '../../store/dataPathTables.js';
import { isUniqueViolation } from '../../store/uniqueness.js';
import { assertRuleFits, devicesOf, ruleColumns, ruleView } from './ruleRecords.js';

async function reachableRule(context: ProviderContext, request: Request): Promise<ApplicationRuleRow> {
  const { target } = scoped(request);
  const row = await context.db
    .selectFrom('application_rules')
    .selectAll()
    .where('id', '=', parseId(request.params.id))
    .where('environment_id', '=', target.id)
    .executeTakeFirst();
  if (!row) throw idNotFound();
  return row;
}

async function viewsOf(context: ProviderContext, environmentId: number, rows: readonly ApplicationRuleRow[]) {
  const ids = rows.flatMap((row) => [...(JSON.parse(row.hosts) as number[]), ...(JSON.parse(row.hubs) as RuleHub[]).map((hub) => hub.device_id)]);
  const devices = await devicesOf(context.db, environmentId, [...new Set(ids)]);
  return rows.map((row) => ruleView(row, devices));
}

async function audit(context: ProviderContext, request: Request, action: AuditAction, name: string) {
  const { target, user } = scoped(request);
  await writeAudit(
    context.db,
    { environmentId: target.id, userId: user.id, username: user.username, resource: AuditResource.APPLICATION_RULE, action, name },
    context.now(),
  );
}

/** GET config/{env}/application_rules. */
export function listRules(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { target } = scoped(request);
    const rows = await context.db.selectFrom('application_rules').selectAll().where('environment_id', '=', target.id).orderBy('id').execute();
    response.json({ application_rules: await viewsOf(context, target.id, rows) });
  };
}

/** POST config/{env}/application_rules: errors 1, 60, 61, 64. */
export function createRule(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const input = parseBody(ApplicationRuleInputSchema, request.body);
    const { target } = scoped(request);
    await assertRuleFits(context.db, target.id, input, { kind: 'add' });
    const now = context.now();
    try {
      const row = await context.db
        .insertInto('application_rules')
        .values({ environment_id: target.id, ...ruleColumns(input), created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(context, request, AuditAction.CREATE, row.name);
      const [view] = await viewsOf(context, target.id, [row]);
      response.status(201).json({ id: row.id, application_rule: view });
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(ErrorCode.RULE_NAME_EXISTS, 'Application Rule name already exists');
      throw error;
    }
  };
}

/** PUT config/{env}/application_rules/{id}: errors 1, 60, 61, 62. */
export function updateRule(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const input = parseBody(ApplicationRuleInputSchema, request.body);
    const existing = await reachableRule(context, request);
    await assertRuleFits(context.db, existing.environment_id, input, { kind: 'update', id: existing.id });
    const row = await context.db
      .updateTable('application_rules')
      .set({ ...ruleColumns(input), updated_at: context.now() })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(context, request, AuditAction.UPDATE, row.name);
    const [view] = await viewsOf(context, existing.environment_id, [row]);
    response.json({ application_rule: view });
  };
}

/** DELETE config/{env}/application_rules/{id}. */
export function deleteRule(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const existing = await reachableRule(context, request);
    await context.db.deleteFrom('application_rules').where('id', '=', existing.id).execute();
    await audit(context, request, AuditAction.DELETE, existing.name);
    response.json({ ok: true });
  };
}
