import { devicePath, Permission, ROUTES, TestId, TwoFactorStatus } from '@halo/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { isDevicePageNavigationState } from '../../../components';
import { createI18n } from '../../../lib/i18n/i18n';
import { SessionContext } from '../../../lib/session';
import { signedIn, testSessionLogic } from '../../../testing/sessionHarness';
import { DeviceNameCell } from './deviceCells';

function DevicePageProbe() {
  const location = useLocation();
  const from = isDevicePageNavigationState(location.state) ? location.state.from : null;
  return (
    <p data-testid="opened">
      {location.pathname} from {from ? `${from.pathname}${from.search}` : 'nowhere'}
    </p>
  );
}

describe('the Devices table’s name cell', () => {
  afterEach(() => cleanup());

  it('opens the device’s page, which knows the table’s address to come back to', () => {
    const session = signedIn({
      permissions: [Permission.DEVICES_VIEW],
      two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE },
    });
    render(
      <I18nextProvider i18n={createI18n('en-US')}>
        <SessionContext.Provider logic={testSessionLogic()} options={{ input: session }}>
          <MemoryRouter initialEntries={[`${ROUTES.devices}?status=alert`]}>
            <Routes>
              <Route
                path={ROUTES.devices}
                element={<DeviceNameCell row={{ id: 7, name: 'gate-north', isEnabled: true }} />}
              />
              <Route path={ROUTES.device} element={<DevicePageProbe />} />
            </Routes>
          </MemoryRouter>
        </SessionContext.Provider>
      </I18nextProvider>,
    );
    const name = screen.getByTestId(TestId.devices.cell('name', 7));
    expect(name.closest('a')?.getAttribute('href')).toBe(devicePath(7));
    fireEvent.click(name);
    expect(screen.getByTestId('opened').textContent).toBe(`${devicePath(7)} from ${ROUTES.devices}?status=alert`);
  });
});
