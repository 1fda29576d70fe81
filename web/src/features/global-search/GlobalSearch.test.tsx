import { API, devicePath, Permission, ROUTES, TestId, TwoFactorStatus } from '@halo/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isListSearchNavigationState } from '../../crud';
import { createI18n } from '../../lib/i18n/i18n';
import { SessionContext } from '../../lib/session';
import { testDevice } from '../../testing/deviceFixtures';
import { answer, fakeApi } from '../../testing/fakeApi';
import { signedIn, testSessionLogic } from '../../testing/sessionHarness';
import { devicesSearch } from '../devices';
import { GlobalSearch } from './GlobalSearch';

function Where() {
  const location = useLocation();
  const search = isListSearchNavigationState(location.state) ? location.state.listSearch : '';
  return <p data-testid="where">{`${location.pathname}|${search}`}</p>;
}

function renderSearch() {
  const session = signedIn({
    permissions: [Permission.DEVICES_VIEW, Permission.USERS_VIEW],
    two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE },
  });
  render(
    <I18nextProvider i18n={createI18n('en-US')}>
      <SessionContext.Provider logic={testSessionLogic()} options={{ input: session }}>
        <MemoryRouter>
          <GlobalSearch
            sources={[
              { ...devicesSearch, route: ROUTES.devices },
              {
                name: 'users',
                labelKey: 'search.lists.users',
                capability: 'users.view',
                rank: 2,
                list: 'users',
                route: ROUTES.users,
                load: () => Promise.resolve([{ key: 3, label: 'gate-keeper', extra: '' }]),
              },
            ]}
          />
          <Where />
        </MemoryRouter>
      </SessionContext.Provider>
    </I18nextProvider>,
  );
}

async function choose(list: string, key: number) {
  const box = screen.getByTestId(TestId.shell.search);
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: 'gate' } });
  fireEvent.click(await screen.findByTestId(TestId.globalSearch.result(list, key)));
}

describe('global search', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks the server for the devices the text names (never the whole fleet) and opens a found one’s page', async () => {
    const { calls } = fakeApi([
      answer(API.devices.list, ({ query }) => ({
        devices: query.get('search') === 'gate' ? [testDevice()] : [],
      })),
    ]);
    renderSearch();
    await choose('devices', 7);
    expect(screen.getByTestId('where').textContent).toBe(`${devicePath(7)}|`);
    const asked = calls.filter((call) => call.endpoint === API.devices.list);
    expect(asked.length).toBeGreaterThan(0);
    for (const call of asked) {
      expect(call.query.get('search')).toBe('gate');
      expect(Number(call.query.get('limit'))).toBeGreaterThan(0);
    }
  });

  it('opens any other list’s screen searched for the item', async () => {
    fakeApi([answer(API.devices.list, { devices: [testDevice()] })]);
    renderSearch();
    await choose('users', 3);
    expect(screen.getByTestId('where').textContent).toBe(`${ROUTES.users}|gate-keeper`);
  });
});
