/**
 * Bulk actions on a selection of devices (issue 28): one call, one action, many devices. Each
 * device is checked as the single action checks it (spec section 6: plain update/delete reach
 * the devices the user created or holds in the allowed list, the all-variants any device); a
 * device that fails is refused with its reason, the others are done, each with its own audit
 * entry. The product's own call, an extension of spec section 7.
 */
import { z } from 'zod';
import { IdSchema } from '../common.js';
import { ValidationKey } from '../validation/rules.js';
import { UpgradePolicyInputSchema } from './device.js';

/**
 * The most devices one bulk call may name, what the console sends per call: a larger selection
 * goes in several calls. A call cut off mid-way (the provider stopped, the connection lost)
 * leaves at most this many whose outcome is unknown, and every action is safe to ask again for
 * them (what is already so comes back `unchanged`, a device already deleted `notFound`): the
 * caller resumes with that call's ids and goes on with the next ones. (It was 100,000: a call
 * killed a minute in left its caller with a 502 and no report.)
 */
export const DEVICE_BULK_MAX_DEVICES = 1000;

export const DEVICE_BULK_ACTIONS = [
  'enable',
  'disable',
  'set_upgrade_policy',
  'add_to_group',
  'remove_from_group',
  'delete',
] as const;
export type DeviceBulkAction = (typeof DEVICE_BULK_ACTIONS)[number];

const DeviceIdsSchema = z
  .array(IdSchema)
  .min(1, ValidationKey.REQUIRED)
  .max(DEVICE_BULK_MAX_DEVICES, ValidationKey.NOT_EXCEED);

/**
 * A dry run (issue 39, item 10) checks each device as the action would and writes nothing: its
 * report's `done` lists the devices the caller may change (found, permitted), `unchanged` is
 * empty, and `refused` says why the others would be refused. The console asks it before a run
 * to say "You may change 10 of the 70 selected devices".
 */
const DryRunSchema = z.boolean().optional();

export const DeviceBulkRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.enum(['enable', 'disable', 'delete']),
    device_ids: DeviceIdsSchema,
    dry_run: DryRunSchema,
  }),
  z.strictObject({
    action: z.literal('set_upgrade_policy'),
    device_ids: DeviceIdsSchema,
    upgrade_policy: UpgradePolicyInputSchema,
    dry_run: DryRunSchema,
  }),
  z.strictObject({
    action: z.enum(['add_to_group', 'remove_from_group']),
    device_ids: DeviceIdsSchema,
    group_id: IdSchema,
    dry_run: DryRunSchema,
  }),
]);
export type DeviceBulkRequest = z.infer<typeof DeviceBulkRequestSchema>;

/**
 * Why a device was refused:
 * - `notFound`: no such device in the environment (or below it, for a parent's manager);
 * - `notAllowed`: plain update/delete, and the device is neither the user's nor in their allowed list;
 * - `notDone`: the store failed while writing the batch it was in (the batch's transaction was
 *   rolled back, so nothing of it was written), or after that: the call stops at the first such
 *   failure and reports what was done before it and what was not done from it on. Asking again
 *   for these devices is safe.
 */
export const DEVICE_BULK_REFUSALS = ['notFound', 'notAllowed', 'notDone'] as const;
export type DeviceBulkRefusal = (typeof DEVICE_BULK_REFUSALS)[number];

export const DeviceBulkRefusedSchema = z.object({
  device_id: z.number().int(),
  /** Null when the device does not exist (or is outside the caller's reach). */
  name: z.string().nullable(),
  reason: z.enum(DEVICE_BULK_REFUSALS),
});
export type DeviceBulkRefused = z.infer<typeof DeviceBulkRefusedSchema>;

/** The report: how many were asked, which were changed, which already were so, which were refused and why. */
export const DeviceBulkResultSchema = z.object({
  action: z.enum(DEVICE_BULK_ACTIONS),
  requested: z.number().int(),
  /** Ids changed by the call (each has an audit entry). */
  done: z.array(z.number().int()),
  /** Ids that already were as asked (enabled, in the group ...): nothing written, no audit entry. */
  unchanged: z.array(z.number().int()),
  refused: z.array(DeviceBulkRefusedSchema),
});
export type DeviceBulkResult = z.infer<typeof DeviceBulkResultSchema>;
