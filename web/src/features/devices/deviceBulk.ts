import {
  API,
  can,
  csvLine,
  DEVICE_BULK_MAX_DEVICES,
  type Capability,
  type DeviceBulkAction,
  type DeviceBulkRefusal,
  type DeviceBulkResult,
  type EndpointRequest,
  type Subject,
} from '@halo/shared';
import type { TFunction } from 'i18next';
import type { ApiClient } from '../../lib/api';

/** The body of a bulk call (API.devices.bulk). */
export type DeviceBulkBody = EndpointRequest<typeof API.devices.bulk>['body'];
type WithoutIds<Body> = Body extends unknown ? Omit<Body, 'device_ids'> : never;
/** A bulk action and what it needs besides the devices: the policy, the group. */
export type DeviceBulkCommand = WithoutIds<DeviceBulkBody>;

/**
 * What each action needs of the user (spec section 6); the provider still checks every device
 * (a plain update or delete reaches only the user's own and allowed devices).
 */
export const BULK_ACTION_CAPABILITIES: Readonly<Record<DeviceBulkAction, Capability>> = {
  enable: 'devices.update',
  disable: 'devices.update',
  set_upgrade_policy: 'devices.update',
  add_to_group: 'groups.update',
  remove_from_group: 'groups.update',
  delete: 'devices.delete',
};

/** Whether the user may take any bulk action at all (then the table's rows get checkboxes). */
export const mayActInBulk = (subject: Subject | null): boolean =>
  Object.values(BULK_ACTION_CAPABILITIES).some((capability) => can(subject, capability));

/** The texts of each action: the menu item, the dialog's title, its question, its progress line. */
export const BULK_ACTION_KEYS: Readonly<
  Record<DeviceBulkAction, { readonly label: string; readonly question: string; readonly running: string }>
> = {
  enable: {
    label: 'devices.bulk.enable',
    question: 'devices.bulk.question.enable',
    running: 'devices.bulk.running.enable',
  },
  disable: {
    label: 'devices.bulk.disable',
    question: 'devices.bulk.question.disable',
    running: 'devices.bulk.running.disable',
  },
  set_upgrade_policy: {
    label: 'devices.bulk.setUpgradePolicy',
    question: 'devices.bulk.question.setUpgradePolicy',
    running: 'devices.bulk.running.setUpgradePolicy',
  },
  add_to_group: {
    label: 'devices.bulk.addToGroup',
    question: 'devices.bulk.question.addToGroup',
    running: 'devices.bulk.running.addToGroup',
  },
  remove_from_group: {
    label: 'devices.bulk.removeFromGroup',
    question: 'devices.bulk.question.removeFromGroup',
    running: 'devices.bulk.running.removeFromGroup',
  },
  delete: {
    label: 'devices.bulk.delete',
    question: 'devices.bulk.question.delete',
    running: 'devices.bulk.running.delete',
  },
};

export const BULK_REFUSAL_KEYS: Readonly<Record<DeviceBulkRefusal, string>> = {
  notFound: 'devices.bulk.reason.notFound',
  notAllowed: 'devices.bulk.reason.notAllowed',
  notDone: 'devices.bulk.reason.notDone',
};

/**
 * Devices per call. A selection goes in calls of this many, one after the other: the progress
 * bar moves with each, Stop takes effect between two, and a failure leaves the report of those
 * already done. A call may name no more (DEVICE_BULK_MAX_DEVICES), so a call cut off leaves at most
 * this many unknown.
 */
export const BULK_CALL_DEVICES = DEVICE_BULK_MAX_DEVICES;

/** How far a bulk action has come: devices sent and answered, of all. */
export interface BulkProgress {
  readonly done: number;
  readonly total: number;
}

/** What became of a bulk action: the merged report of the calls answered, and why it ended early, if it did. */
export interface BulkOutcome {
  readonly result: DeviceBulkResult;
  /** The failure that ended it (the calls after it were not made); null when every call was answered. */
  readonly error: unknown;
  /** Stopped by the user before every call was made. */
  readonly stopped: boolean;
}

const emptyResult = (action: DeviceBulkAction): DeviceBulkResult => ({
  action,
  requested: 0,
  done: [],
  unchanged: [],
  refused: [],
});

/** Runs one action on `ids`, in calls of BULK_CALL_DEVICES, reporting progress after each. */
export async function runDeviceBulk(
  client: Pick<ApiClient, 'call'>,
  environmentId: number,
  command: DeviceBulkCommand,
  ids: readonly number[],
  options: { readonly onProgress?: (progress: BulkProgress) => void; readonly signal?: AbortSignal } = {},
): Promise<BulkOutcome> {
  const merged = emptyResult(command.action);
  for (let start = 0; start < ids.length; start += BULK_CALL_DEVICES) {
    if (options.signal?.aborted) return { result: merged, error: null, stopped: true };
    const device_ids = ids.slice(start, start + BULK_CALL_DEVICES);
    try {
      const answer = await client.call(API.devices.bulk, {
        params: { environmentId },
        body: { ...command, device_ids },
      });
      merged.requested += answer.requested;
      merged.done.push(...answer.done);
      merged.unchanged.push(...answer.unchanged);
      merged.refused.push(...answer.refused);
    } catch (error) {
      return { result: merged, error, stopped: false };
    }
    options.onProgress?.({ done: Math.min(ids.length, start + device_ids.length), total: ids.length });
  }
  return { result: merged, error: null, stopped: false };
}

/** How much of a selection an action may change, told before it runs. */
export interface BulkReach {
  /** Devices the action may change (found, and permitted). */
  readonly may: number;
  /** Devices neither the user's nor in their allowed devices (plain update or delete). */
  readonly notAllowed: number;
  /** Devices no longer in the environment. */
  readonly notFound: number;
}

/**
 * Asks the provider which of `ids` the action may change, without changing any (a dry run, in
 * the run's calls): "You may change 10 of the 70 selected devices". A failed call fails the
 * check; a stopped one (the dialog closed) rejects as aborted.
 */
export async function checkDeviceBulk(
  client: Pick<ApiClient, 'call'>,
  environmentId: number,
  command: DeviceBulkCommand,
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<BulkReach> {
  const { result, error, stopped } = await runDeviceBulk(
    client,
    environmentId,
    { ...command, dry_run: true },
    ids,
    signal ? { signal } : {},
  );
  // The client's ApiError (an Error) as it came, for the error presentation.
  if (error !== null) throw error instanceof Error ? error : new Error('The check failed', { cause: error });
  if (stopped) throw new DOMException('The check was stopped', 'AbortError');
  const refusedFor = (reason: DeviceBulkRefusal) =>
    result.refused.filter((refused) => refused.reason === reason).length;
  return { may: result.done.length, notAllowed: refusedFor('notAllowed'), notFound: refusedFor('notFound') };
}

/** The refused devices as CSV, with headers and reasons in the reader's language (formula-safe). */
export function refusedCsv(t: TFunction, result: DeviceBulkResult): string {
  return [
    csvLine([t('devices.bulk.report.id'), t('devices.columns.name'), t('devices.bulk.report.reason')]),
    ...result.refused.map((refused) =>
      csvLine([refused.device_id, refused.name, t(BULK_REFUSAL_KEYS[refused.reason])]),
    ),
  ].join('');
}
