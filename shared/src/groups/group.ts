import { z } from 'zod';
import { IdSchema, NameSchema } from '../common.js';

export const GroupSchema = z.object({ id: IdSchema, name: z.string() });
export type Group = z.infer<typeof GroupSchema>;

export const GroupWriteSchema = z.strictObject({ group: z.strictObject({ name: NameSchema }) });
export type GroupWrite = z.infer<typeof GroupWriteSchema>;

export const GroupListResponseSchema = z.object({ groups: z.array(GroupSchema) });

/** The most devices one change of a group's members names. */
export const GROUP_DEVICES_CHANGE_MAX = 10_000;

/** A group's devices (issue 27's group silences; issue 28's bulk actions). */
export const GroupDevicesResponseSchema = z.object({
  devices: z.array(z.object({ id: IdSchema, name: z.string(), pairing_id: z.string() })),
  /** Of the names a change named, those no device of the environment has (nothing added for them). */
  unknown_names: z.array(z.string()),
});
export type GroupDevicesResponse = z.infer<typeof GroupDevicesResponseSchema>;

/**
 * Devices of the environment into the group, and out of it: by id, or (`add_names`: a list an
 * operator pasted) by name or serial number, whatever the case.
 */
export const GroupDevicesChangeSchema = z
  .strictObject({
    add: z.array(IdSchema).max(GROUP_DEVICES_CHANGE_MAX).optional(),
    add_names: z.array(z.string().trim().min(1).max(64)).max(GROUP_DEVICES_CHANGE_MAX).optional(),
    remove: z.array(IdSchema).max(GROUP_DEVICES_CHANGE_MAX).optional(),
  })
  .refine((change) => (change.add?.length ?? 0) + (change.add_names?.length ?? 0) + (change.remove?.length ?? 0) > 0, {
    path: ['add'],
    message: 'name a device to add or remove',
  });
export type GroupDevicesChange = z.infer<typeof GroupDevicesChangeSchema>;
