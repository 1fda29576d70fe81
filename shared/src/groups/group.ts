import { z } from 'zod';
import { IdSchema, NameSchema } from '../common.js';

export const GroupSchema = z.object({ id: IdSchema, name: z.string() });
export type Group = z.infer<typeof GroupSchema>;

export const GroupWriteSchema = z.strictObject({ group: z.strictObject({ name: NameSchema }) });
export type GroupWrite = z.infer<typeof GroupWriteSchema>;

export const GroupListResponseSchema = z.object({ groups: z.array(GroupSchema) });
