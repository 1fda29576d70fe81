import { TestId, type DeviceBulkAction } from '@halo/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithSession, signedIn } from '../../../testing/sessionHarness';
import { BulkActionDialog } from './BulkActionDialog';

type BulkBody = { action: string; device_ids: number[]; group_id?: number; upgrade_policy?: unknown; dry_run?: true };

/**
 * The provider's side: the groups, and bulk calls answered by `answer`: the runs' bodies kept
 * in `bodies`, the dry runs' (the check as the dialog opens) in `checks`.
 */
function mockProvider(answer: (body: BulkBody) => Response, checks: BulkBody[] = []) {
  const bodies: BulkBody[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://console');
    if (url.pathname.endsWith('/groups'))
      return Promise.resolve(
        jsonResponse(200, {
          groups: [
            { id: 4, name: 'north' },
            { id: 5, name: 'south' },
          ],
        }),
      );
    const body = JSON.parse(init?.body as string) as BulkBody;
    (body.dry_run ? checks : bodies).push(body);
    return Promise.resolve(answer(body));
  });
  return bodies;
}

const allDone = (body: { action: string; device_ids: number[] }) =>
  jsonResponse(200, {
    action: body.action,
    requested: body.device_ids.length,
    done: body.device_ids,
    unchanged: [],
    refused: [],
  });

function renderDialog(action: DeviceBulkAction, ids: number[]) {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  renderWithSession(
    <BulkActionDialog action={action} environmentId={2} ids={ids} onClose={onClose} onChanged={onChanged} />,
    signedIn({ environment_manager: true }),
  );
  return { onClose, onChanged };
}

const confirm = () => screen.getByTestId<HTMLButtonElement>(TestId.devicesBulk.confirm);

describe('BulkActionDialog', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('names the count and the action, then reports what was done and each refused device with its reason', async () => {
    const bodies = mockProvider((body) =>
      jsonResponse(200, {
        action: body.action,
        requested: 3,
        // A dry run reports every device it may change as done.
        done: body.dry_run ? [1, 2] : [1],
        unchanged: body.dry_run ? [] : [2],
        refused: [
          { device_id: 3, name: 'north-3', reason: 'notAllowed' },
          { device_id: 9, name: null, reason: 'notFound' },
        ],
      }),
    );
    const { onChanged } = renderDialog('disable', [1, 2, 3, 9]);
    expect(screen.getByTestId(TestId.devicesBulk.question).textContent).toBe('Disable 4 devices?');
    // Before the run: how many the user may change, and why not the others.
    await waitFor(() =>
      expect(screen.getByTestId(TestId.devicesBulk.reach).textContent).toBe(
        'You may change 2 of the 4 selected devices.' +
          '1 is not in your allowed devices (nor created by you).' +
          '1 is no longer in this environment.',
      ),
    );
    fireEvent.click(confirm());
    const report = await screen.findByTestId(TestId.devicesBulk.report);
    expect(bodies).toEqual([{ action: 'disable', device_ids: [1, 2, 3, 9] }]);
    expect(screen.getByTestId(TestId.devicesBulk.reportSummary).textContent).toBe(
      'Done: 1 · Unchanged: 1 · Refused: 2',
    );
    expect(screen.getByTestId(TestId.devicesBulk.refused(3)).textContent).toBe(
      'north-3Not in your allowed devices (nor created by you)',
    );
    expect(screen.getByTestId(TestId.devicesBulk.refused(9)).textContent).toBe(
      'Device #9Not found in this environment',
    );
    expect(report.textContent).toContain('Download CSV');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('asks to type the count before a delete, and says one device in the singular', async () => {
    const checks: BulkBody[] = [];
    const bodies = mockProvider(allDone, checks);
    renderDialog('delete', [7]);
    // The check answered every device may be deleted: nothing more is said.
    await waitFor(() => expect(checks).toEqual([{ action: 'delete', device_ids: [7], dry_run: true }]));
    await waitFor(() => expect(screen.queryByTestId(TestId.devicesBulk.reach)).toBeNull());
    expect(screen.getByTestId(TestId.devicesBulk.question).textContent).toBe('Delete 1 device?');
    expect(confirm().disabled).toBe(true);
    expect(confirm().className).toContain('intent-danger');
    fireEvent.change(screen.getByTestId(TestId.devicesBulk.typedCount), { target: { value: '2' } });
    expect(confirm().disabled).toBe(true);
    fireEvent.change(screen.getByTestId(TestId.devicesBulk.typedCount), { target: { value: '1' } });
    fireEvent.click(confirm());
    await screen.findByTestId(TestId.devicesBulk.report);
    expect(bodies).toEqual([{ action: 'delete', device_ids: [7] }]);
  });

  it('adds to the group chosen from the environment’s groups (no check first: a group action refuses no one it reaches)', async () => {
    const checks: BulkBody[] = [];
    const bodies = mockProvider(allDone, checks);
    renderDialog('add_to_group', [1, 2]);
    expect(screen.getByTestId(TestId.devicesBulk.question).textContent).toBe('Add 2 devices to a group?');
    expect(confirm().disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId(TestId.devicesBulk.group).textContent).toContain('south'));
    fireEvent.change(screen.getByTestId(TestId.devicesBulk.group), { target: { value: '5' } });
    fireEvent.click(confirm());
    await screen.findByTestId(TestId.devicesBulk.report);
    expect(bodies).toEqual([{ action: 'add_to_group', device_ids: [1, 2], group_id: 5 }]);
    expect(checks).toEqual([]);
  });

  it('sends an upgrade policy only once the form holds one the rules accept', async () => {
    const bodies = mockProvider(allDone);
    renderDialog('set_upgrade_policy', [1]);
    for (let day = 1; day <= 7; day += 1) fireEvent.click(screen.getByTestId(TestId.devices.day(day)));
    fireEvent.click(confirm());
    expect(await screen.findByTestId(TestId.crud.fieldError('devices', 'allowed_days'))).toBeTruthy();
    expect(bodies).toEqual([]);
    fireEvent.click(screen.getByTestId(TestId.devices.day(3)));
    fireEvent.click(confirm());
    await screen.findByTestId(TestId.devicesBulk.report);
    expect(bodies[0]).toMatchObject({
      action: 'set_upgrade_policy',
      device_ids: [1],
      upgrade_policy: { is_auto_upgrade_enabled: true, allowed_days: [3], fixed_version: null },
    });
  });

  it('says why a refused call ended the action, in the error presentation', async () => {
    mockProvider(() => jsonResponse(403, { error: 'deviceUpdateForbidden', message: 'Forbidden' }));
    const { onChanged } = renderDialog('enable', [1, 2]);
    fireEvent.click(confirm());
    expect((await screen.findByTestId(TestId.devicesBulk.error)).textContent).toContain(
      'A call failed after 0 devices were done',
    );
    expect(onChanged).not.toHaveBeenCalled();
  });
});
