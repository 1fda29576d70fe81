import { ROUTES, TestId, TwoFactorStatus } from '@halo/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviceLink } from '../../../components';
import { isListSearchNavigationState, setListSearch } from '../../../crud';
import { createI18n } from '../../../lib/i18n/i18n';
import { SessionContext } from '../../../lib/session';
import { testDevice } from '../../../testing/deviceFixtures';
import { signedIn, testSessionLogic } from '../../../testing/sessionHarness';
import { buildDeviceRow } from '../../devices';
import { DeviceHeader } from './DeviceHeader';

/** A screen with a device's name on it; it shows its address and the list search it was opened with. */
function Screen() {
  const { pathname, search, state } = useLocation();
  const listSearch = isListSearchNavigationState(state) ? state.listSearch : '';
  return (
    <>
      <p data-testid="where">{`${pathname}${search}|${listSearch}`}</p>
      <DeviceLink id={7} name="gate-north" testId="open" />
    </>
  );
}

function renderAt(path: string) {
  const session = signedIn({ environment_manager: true, two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE } });
  render(
    <I18nextProvider i18n={createI18n('en-US')}>
      <SessionContext.Provider logic={testSessionLogic()} options={{ input: session }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={ROUTES.home} element={<Screen />} />
            <Route path={ROUTES.devices} element={<Screen />} />
            <Route
              path={ROUTES.device}
              element={<DeviceHeader row={buildDeviceRow(testDevice())} feed={{ kind: 'live' }} />}
            />
          </Routes>
        </MemoryRouter>
      </SessionContext.Provider>
    </I18nextProvider>,
  );
}

describe('the way back from a device’s page', () => {
  afterEach(() => {
    cleanup();
    setListSearch('devices', '');
  });

  it('returns to the Devices table as it was left: its filter in the address, its search text', () => {
    renderAt(`${ROUTES.devices}?status=alert`);
    setListSearch('devices', 'gate');
    fireEvent.click(screen.getByTestId('open'));
    expect(screen.getByTestId(TestId.devicePage.name).textContent).toBe('gate-north');
    fireEvent.click(screen.getByTestId(TestId.devicePage.back));
    expect(screen.getByTestId('where').textContent).toBe(`${ROUTES.devices}?status=alert|gate`);
  });

  it('opened from elsewhere (Home, an alarm), leads to the whole table', () => {
    renderAt(ROUTES.home);
    setListSearch('devices', 'stale');
    fireEvent.click(screen.getByTestId('open'));
    expect(screen.getByTestId(TestId.devicePage.back).getAttribute('href')).toBe(ROUTES.devices);
    fireEvent.click(screen.getByTestId(TestId.devicePage.back));
    expect(screen.getByTestId('where').textContent).toBe(`${ROUTES.devices}|`);
  });
});
