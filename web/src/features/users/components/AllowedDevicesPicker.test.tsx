import { API, Permission, TestId, TwoFactorStatus } from '@halo/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDevice } from '../../../testing/deviceFixtures';
import { answer, fakeApi } from '../../../testing/fakeApi';
import { renderWithSession, signedIn } from '../../../testing/sessionHarness';
import { AllowedDevicesPicker } from './AllowedDevicesPicker';

/** The environment's fleet as the fake server holds it: cam-1 ... cam-300, and tower-7. */
const FLEET = [
  ...Array.from({ length: 300 }, (_, index) => testDevice({ id: index + 1, name: `cam-${index + 1}` })),
  testDevice({ id: 1000, name: 'tower-7', pairing_id: 'SN-TOWER-7' }),
];

function serveFleet() {
  return fakeApi([
    answer(API.devices.list, ({ query }) => {
      const ids = query.get('devices')?.split(',').map(Number);
      const search = query.get('search')?.toLowerCase();
      const limit = Number(query.get('limit') ?? Number.POSITIVE_INFINITY);
      const matching = FLEET.filter(
        (device) =>
          (ids === undefined || ids.includes(device.id)) &&
          (search === undefined || `${device.name} ${device.pairing_id}`.toLowerCase().includes(search)),
      );
      return { devices: matching.slice(0, limit) };
    }),
  ]);
}

function renderPicker(value: number[], onChange = vi.fn()) {
  const session = signedIn({
    permissions: [Permission.DEVICES_VIEW, Permission.USERS_VIEW],
    two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE },
  });
  renderWithSession(<AllowedDevicesPicker value={value} onChange={onChange} disabled={false} />, session);
  return onChange;
}

describe('allowed devices picker', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the granted devices first and a page of the others, never asking for the whole fleet', async () => {
    const { calls } = serveFleet();
    renderPicker([250, 1000]);
    const list = await screen.findByTestId(TestId.people.allowedDevices);
    const boxes = () =>
      [...list.querySelectorAll('input[type=checkbox]')].map((box) => box.closest('label')?.textContent);
    expect(boxes()[0]).toContain('cam-250');
    expect(boxes()[1]).toContain('tower-7');
    // A page of 200 others: the fleet has more, and says so.
    expect(boxes()).toHaveLength(2 + 200);
    expect(list.textContent).toContain('More devices match');
    expect(list.textContent).toContain('2 devices allowed');
    for (const call of calls) {
      expect(call.query.has('limit') || call.query.has('devices'), call.query.toString()).toBe(true);
    }
  });

  it('asks the server for what the filter names, and grants a found device', async () => {
    const { calls } = serveFleet();
    const onChange = renderPicker([3]);
    await screen.findByTestId(TestId.people.allowedDevice(3));
    fireEvent.change(screen.getByTestId(TestId.people.allowedDevicesFilter), { target: { value: 'SN-tower' } });
    fireEvent.click(await screen.findByTestId(TestId.people.allowedDevice(1000)));
    expect(onChange).toHaveBeenCalledWith([3, 1000]);
    expect(calls.some((call) => call.query.get('search') === 'SN-tower')).toBe(true);
    // The granted device stays listed whatever the filter.
    expect(screen.getByTestId(TestId.people.allowedDevice(3))).toBeTruthy();
    expect(screen.queryByTestId(TestId.people.allowedDevice(4))).toBeNull();
  });
});
