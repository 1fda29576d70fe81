/** Audit log entries (user_audits) of spec section 3 and the audit log's filters. */
import { z } from 'zod';
import { csvListSchema, IdSchema, IsoDateSchema, PageQueryShape } from '../common.js';
import { AuditAction, AuditResource } from '../constants/enums.js';

export const AuditActionSchema = z.enum(Object.values(AuditAction) as [AuditAction, ...AuditAction[]]);
export const AuditResourceSchema = z.enum(Object.values(AuditResource) as [AuditResource, ...AuditResource[]]);

export const UserAuditSchema = z.object({
  id: IdSchema,
  /** Who acted (username). */
  user: z.string(),
  resource: AuditResourceSchema,
  action: AuditActionSchema,
  /** Name of the object acted on. */
  name: z.string(),
  detail: z.string().nullable(),
  time: z.string(),
});
export type UserAudit = z.infer<typeof UserAuditSchema>;

export const UserAuditListResponseSchema = z.object({ user_audits: z.array(UserAuditSchema) });
export type UserAuditListResponse = z.infer<typeof UserAuditListResponseSchema>;

/** GET /user_audits query: object_id is the paging cursor; lists are comma-separated. */
export const UserAuditQuerySchema = z.strictObject({
  ...PageQueryShape,
  free_text: z.string().max(256).optional(),
  start_date: IsoDateSchema.optional(),
  end_date: IsoDateSchema.optional(),
  resources: csvListSchema(AuditResourceSchema, 32).optional(),
  actions: csvListSchema(AuditActionSchema, 16).optional(),
});
export type UserAuditQuery = z.infer<typeof UserAuditQuerySchema>;
