/** Audit log entries (user_audits) of spec section 3 and the audit log's filters. */
import { z } from 'zod';
import { csvListSchema, IdSchema, PageQueryShape } from '../common.js';
import { AuditAction, AuditResource } from '../constants/enums.js';
import { AuditDetailParamsSchema } from './auditDetail.js';
import { LogExportShape } from './logExport.js';
import { LogDatesSchema } from './logTime.js';

export const AuditActionSchema = z.enum(Object.values(AuditAction) as [AuditAction, ...AuditAction[]]);
export const AuditResourceSchema = z.enum(Object.values(AuditResource) as [AuditResource, ...AuditResource[]]);

/** One field an update changed: its old and new value as text (a secret only says it changed). */
export const FieldChangeSchema = z.object({
  field: z.string(),
  old: z.string().nullable(),
  new: z.string().nullable(),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

export const UserAuditSchema = z.object({
  id: IdSchema,
  /** Who acted (username); the system for the simulator and scheduled work. */
  user: z.string(),
  resource: AuditResourceSchema,
  action: AuditActionSchema,
  /** Name of the object acted on. */
  name: z.string(),
  detail: z.string().nullable(),
  /** The product's own details as a code and parameters (auditDetail.ts), for each reader's language. */
  detail_code: z.string().nullable().optional(),
  detail_params: AuditDetailParamsSchema.optional(),
  time: z.string(),
  /** The fields an update changed, old and new; empty for other actions. */
  changes: z.array(FieldChangeSchema),
});
export type UserAudit = z.infer<typeof UserAuditSchema>;

export const UserAuditListResponseSchema = z.object({ user_audits: z.array(UserAuditSchema) });
export type UserAuditListResponse = z.infer<typeof UserAuditListResponseSchema>;

/**
 * GET /user_audits query: object_id is the paging cursor; lists are comma-separated;
 * free_text matches the user, the name or the detail.
 */
export const UserAuditQuerySchema = z.strictObject({
  ...PageQueryShape,
  free_text: z.string().max(256).optional(),
  start_date: LogDatesSchema.optional(),
  end_date: LogDatesSchema.optional(),
  resources: csvListSchema(AuditResourceSchema, 32).optional(),
  actions: csvListSchema(AuditActionSchema, 16).optional(),
});
export type UserAuditQuery = z.infer<typeof UserAuditQuerySchema>;

/** The same filters for an export: everything they select, so no paging. */
export const UserAuditExportQuerySchema = UserAuditQuerySchema.omit({ object_id: true, page_size: true }).extend(
  LogExportShape,
);
export type UserAuditExportQuery = z.infer<typeof UserAuditExportQuerySchema>;

type Comparable = Readonly<Record<string, unknown>>;

const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The fields whose value differs between two views of an entity (what the API answers, so
 * no secret is in them), old and new as text. `fields` limits the comparison to what the
 * caller could change (not live status); `secrets` names fields that changed but whose values
 * must not be written (a password).
 */
export function fieldChanges(
  before: Comparable,
  after: Comparable,
  options: { readonly fields?: readonly string[]; readonly secrets?: readonly string[] } = {},
): FieldChange[] {
  const changes: FieldChange[] = [];
  const fields = options.fields ?? [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const field of fields) {
    const old = asText(before[field]);
    const value = asText(after[field]);
    if (old !== value) changes.push({ field, old, new: value });
  }
  for (const field of options.secrets ?? []) changes.push({ field, old: null, new: null });
  return changes;
}
