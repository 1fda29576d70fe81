import { ApiError, parseCsv, type DeviceBulkResult } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api';
import { createI18n } from '../../lib/i18n/i18n';
import { jsonResponse } from '../../testing/sessionHarness';
import { BULK_CALL_DEVICES, checkDeviceBulk, refusedCsv, runDeviceBulk, type DeviceBulkBody } from './deviceBulk';

/** The app's client over a fetch that answers bulk calls: every id done but those `refuse` names; call `failAt` refused. */
function bulkClient(options: { refuse?: readonly number[]; failAt?: number } = {}) {
  const bodies: DeviceBulkBody[] = [];
  const fetch = (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(init?.body as string) as DeviceBulkBody;
    bodies.push(body);
    if (options.failAt === bodies.length)
      return Promise.resolve(jsonResponse(403, { error: 30, message: 'Forbidden' }));
    const refused = body.device_ids.filter((id) => options.refuse?.includes(id));
    return Promise.resolve(
      jsonResponse(200, {
        action: body.action,
        requested: body.device_ids.length,
        done: body.device_ids.filter((id) => !refused.includes(id)),
        unchanged: [],
        refused: refused.map((id) => ({ device_id: id, name: `device-${id}`, reason: 'notAllowed' })),
      }),
    );
  };
  return { client: createApiClient({ getToken: () => null, fetch }), bodies };
}

const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('runDeviceBulk', () => {
  it('sends the selection in calls of BULK_CALL_DEVICES, reports progress and merges the answers', async () => {
    const { client, bodies } = bulkClient({ refuse: [3, BULK_CALL_DEVICES + 1] });
    const progress: number[] = [];
    const outcome = await runDeviceBulk(
      client,
      2,
      { action: 'add_to_group', group_id: 9 },
      ids(BULK_CALL_DEVICES * 2 + 5),
      { onProgress: ({ done }) => progress.push(done) },
    );
    expect(bodies.map((body) => body.device_ids.length)).toEqual([BULK_CALL_DEVICES, BULK_CALL_DEVICES, 5]);
    expect(bodies[0]).toMatchObject({ action: 'add_to_group', group_id: 9 });
    expect(progress).toEqual([BULK_CALL_DEVICES, BULK_CALL_DEVICES * 2, BULK_CALL_DEVICES * 2 + 5]);
    expect(outcome.error).toBeNull();
    expect(outcome.result.requested).toBe(BULK_CALL_DEVICES * 2 + 5);
    expect(outcome.result.done).toHaveLength(BULK_CALL_DEVICES * 2 + 3);
    expect(outcome.result.refused.map((refused) => refused.device_id)).toEqual([3, BULK_CALL_DEVICES + 1]);
  });

  it('stops at a failure, keeping the report of the calls answered before it', async () => {
    const { client, bodies } = bulkClient({ failAt: 2 });
    const outcome = await runDeviceBulk(client, 2, { action: 'disable' }, ids(BULK_CALL_DEVICES * 3));
    expect(bodies).toHaveLength(2);
    expect(outcome.result.done).toHaveLength(BULK_CALL_DEVICES);
    expect(ApiError.is(outcome.error)).toBe(true);
  });

  it('stops between two calls when asked', async () => {
    const { client, bodies } = bulkClient();
    const controller = new AbortController();
    const outcome = await runDeviceBulk(client, 2, { action: 'delete' }, ids(BULK_CALL_DEVICES * 3), {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(bodies).toHaveLength(1);
    expect(outcome).toMatchObject({ stopped: true, error: null });
    expect(outcome.result.done).toHaveLength(BULK_CALL_DEVICES);
  });
});

describe('checkDeviceBulk', () => {
  it('asks a dry run in the run’s calls and counts what the user may change and why not the rest', async () => {
    const { client, bodies } = bulkClient({ refuse: [2, BULK_CALL_DEVICES + 3] });
    const reach = await checkDeviceBulk(client, 2, { action: 'disable' }, ids(BULK_CALL_DEVICES + 5));
    expect(bodies.map((body) => [body.action, body.dry_run, body.device_ids.length])).toEqual([
      ['disable', true, BULK_CALL_DEVICES],
      ['disable', true, 5],
    ]);
    expect(reach).toEqual({ may: BULK_CALL_DEVICES + 3, notAllowed: 2, notFound: 0 });
  });

  it('fails when a call fails', async () => {
    const { client } = bulkClient({ failAt: 1 });
    await expect(checkDeviceBulk(client, 2, { action: 'delete' }, ids(3))).rejects.toSatisfy(ApiError.is);
  });
});

describe('refusedCsv', () => {
  it('lists each refused device with its reason in the reader’s language, formula-safe', () => {
    const result: DeviceBulkResult = {
      action: 'delete',
      requested: 3,
      done: [1],
      unchanged: [],
      refused: [
        { device_id: 2, name: '=cmd()', reason: 'notAllowed' },
        { device_id: 3, name: null, reason: 'notFound' },
      ],
    };
    expect(parseCsv(refusedCsv(createI18n('en-US').t, result))).toEqual([
      ['Device ID', 'Name', 'Reason'],
      ['2', "'=cmd()", 'Not in your allowed devices (nor created by you)'],
      ['3', '', 'Not found in this environment'],
    ]);
    expect(parseCsv(refusedCsv(createI18n('he-IL').t, result))[2]).toEqual(['3', '', 'לא נמצא בסביבה זו']);
  });
});
