import {
  API,
  AuditAction,
  AuditResource,
  codeLabel,
  DEFAULT_LOCALE,
  ErrorCode,
  fieldChanges,
  ValidationKey,
} from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { refuse } from '../../errors/httpError.js';
import { auditChange } from '../../http/reachable.js';
import { idNotFound } from '../../http/tenancy.js';
import { reevaluateAlarms } from '../../store/alarms.js';
import { thresholdValuesOf, thresholdView } from '../../store/thresholds.js';

/**
 * PUT config/{env}/thresholds/{id}: the path names the environment *above* the threshold's
 * (spec: "this call uses the parent environment id"), or the root itself for the root's own
 * thresholds. So a provider sets its sub-environments' limits and a sub-environment cannot
 * silence the alerts its provider relies on. Any other id is "ID not found". The new values
 * apply from the simulator's next evaluation, and at once to the open alarms of the attribute,
 * judged again by their last values (issue 39, item 3).
 */
export const updateThreshold = route(
  API.thresholds.update,
  (context) =>
    async ({ auth, params, body: { threshold }, signal }) => {
      const existing = await context.db
        .selectFrom('thresholds')
        .innerJoin('environments', 'environments.id', 'thresholds.environment_id')
        .selectAll('thresholds')
        .select(['environments.name as environment_name', 'environments.parent_id'])
        .where('thresholds.id', '=', params.id)
        .executeTakeFirst();
      const managedHere =
        existing !== undefined &&
        (existing.parent_id === auth.target.id ||
          (existing.parent_id === null && existing.environment_id === auth.target.id));
      if (!existing || !managedHere) throw idNotFound();
      if (threshold.device_attribute_type !== existing.device_attribute_type) {
        throw refuse(ErrorCode.MISSING_VALUES, { 'threshold.device_attribute_type': ValidationKey.INVALID });
      }
      const now = context.now();
      const row = await context.db
        .updateTable('thresholds')
        .set({ ...threshold.threshold_values, should_alert: threshold.should_alert ? 1 : 0, updated_at: now })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await reevaluateAlarms(
        context.db,
        context.reads.begin('page', signal),
        existing.environment_id,
        existing.device_attribute_type,
        thresholdValuesOf(row),
        now,
      );
      await auditChange(
        context.db,
        auth,
        {
          resource: AuditResource.THRESHOLD,
          action: AuditAction.UPDATE,
          // Named, not numbered ("root: Temperature"; issue 39, item 16): the entry's name is kept as written.
          name: `${existing.environment_name}: ${codeLabel(DEFAULT_LOCALE, 'attribute', existing.device_attribute_type)}`,
          changes: fieldChanges(thresholdView(existing), thresholdView(row), {
            fields: ['threshold_values', 'should_alert'],
          }),
        },
        now,
      );
      return { threshold: thresholdView(row) };
    },
);
