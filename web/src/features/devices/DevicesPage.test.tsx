import { ROUTES, TestId } from '@halo/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setListSearch } from '../../crud';
import { createI18n } from '../../lib/i18n/i18n';
import { SessionContext } from '../../lib/session';
import { jsonResponse, signedIn, testSessionLogic } from '../../testing/sessionHarness';
import { DevicesPage } from './DevicesPage';

/** The Devices screen at `path` in a router the test can read, for a manager (no live socket: the table waits). */
function renderAt(path: string, state?: unknown) {
  const router = createMemoryRouter([{ path: ROUTES.devices, element: <DevicesPage /> }], {
    initialEntries: [
      { pathname: path.split('?')[0]!, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
    ],
  });
  render(
    <I18nextProvider i18n={createI18n('en-US')}>
      <SessionContext.Provider logic={testSessionLogic()} options={{ input: signedIn({ environment_manager: true }) }}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </I18nextProvider>,
  );
  return router;
}

const params = (router: ReturnType<typeof renderAt>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
const searchBox = () => screen.getByTestId<HTMLInputElement>(TestId.crud.search('devices'));
const statusSelect = () => screen.getByTestId<HTMLSelectElement>(TestId.devices.statusFilter);

describe('DevicesPage: the view in the address', () => {
  beforeEach(() => {
    // The servers' records and the saved views: none.
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        jsonResponse(
          200,
          String(input instanceof Request ? input.url : input).includes('saved_views')
            ? { views: [] }
            : { devices: [] },
        ),
      ),
    );
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    setListSearch('devices', '');
  });

  it('opens the view an address names, and writes each change back in place', async () => {
    const router = renderAt(`${ROUTES.devices}?q=north&status=connected&type=halo&sort=name.desc`);
    await waitFor(() => expect(searchBox().value).toBe('north'));
    expect(statusSelect().value).toBe('connected');
    expect(screen.getByTestId(TestId.devicesBulk.filters).textContent).toBe('Filters (1)');

    fireEvent.change(statusSelect(), { target: { value: 'alert' } });
    await waitFor(() =>
      expect(params(router)).toEqual({ q: 'north', status: 'alert', type: 'halo', sort: 'name.desc' }),
    );
    expect(router.state.historyAction).toBe('REPLACE');

    // Typing in the search box: the address follows, in place.
    fireEvent.change(searchBox(), { target: { value: 'south' } });
    await waitFor(() => expect(params(router).q).toBe('south'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(searchBox().value).toBe('south');
    fireEvent.change(searchBox(), { target: { value: '' } });
    await waitFor(() => expect(params(router)).toEqual({ status: 'alert', type: 'halo', sort: 'name.desc' }));
  });

  it('keeps Home’s status links working, and a global-search result’s text', async () => {
    const router = renderAt(`${ROUTES.devices}?status=notConnected`, { listSearch: 'edge-7' });
    await waitFor(() => expect(params(router)).toEqual({ q: 'edge-7', status: 'notConnected' }));
    expect(statusSelect().value).toBe('notConnected');
    expect(searchBox().value).toBe('edge-7');
  });

  it('follows a navigation to another view (a saved view opened), and back', async () => {
    const router = renderAt(`${ROUTES.devices}?q=north`);
    await waitFor(() => expect(searchBox().value).toBe('north'));
    await act(() => router.navigate(`${ROUTES.devices}?q=east&enabled=disabled`));
    await waitFor(() => expect(searchBox().value).toBe('east'));
    expect(params(router)).toEqual({ q: 'east', enabled: 'disabled' });
    expect(screen.getByTestId(TestId.devicesBulk.filters).textContent).toBe('Filters (1)');
    // Back: the address before it, and its search in the box.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(searchBox().value).toBe('north'));
    expect(params(router)).toEqual({ q: 'north' });
  });
});
