import { ErrorCode, ROUTES, TestId } from '@halo/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import { jsonResponse } from '../../../testing/sessionHarness';
import { SavedViewsMenu, savedViewLink } from './SavedViewsMenu';

const VIEW = {
  id: 3,
  screen: 'devices',
  name: 'North alerts',
  query: 'q=north&status=alert',
  created_at: '2026-11-27T10:00:00Z',
};

/** The provider's saved views: a list, and what a save answers. */
function mockViews(save: () => Response) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://console');
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      path: `${url.pathname}${url.search}`,
      body: init?.body ? JSON.parse(init.body as string) : null,
    });
    if (method === 'POST') return Promise.resolve(save());
    if (method === 'PUT') return Promise.resolve(jsonResponse(200, { view: { ...VIEW, name: 'North gates' } }));
    if (method === 'DELETE') return Promise.resolve(jsonResponse(200, { ok: true }));
    return Promise.resolve(jsonResponse(200, { views: [VIEW] }));
  });
  return calls;
}

function renderMenu(query: string) {
  const router = createMemoryRouter(
    [{ path: ROUTES.devices, element: <SavedViewsMenu environmentId={2} query={query} /> }],
    { initialEntries: [ROUTES.devices] },
  );
  render(
    <I18nextProvider i18n={createI18n('en-US')}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  fireEvent.click(screen.getByTestId(TestId.devicesBulk.views));
  return router;
}

describe('SavedViewsMenu', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the user’s views of the screen and opens one at its address', async () => {
    const calls = mockViews(() => jsonResponse(201, { view: VIEW }));
    const router = renderMenu('');
    fireEvent.click(await screen.findByTestId(TestId.devicesBulk.view(3)));
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/v1/config/2/saved_views?screen=devices' });
    await waitFor(() => expect(router.state.location.search).toBe('?q=north&status=alert'));
    expect(router.state.location.state).toEqual({ listSearch: 'north' });
  });

  it('saves the current view under a name, and says the limit when the provider refuses', async () => {
    let refuse = true;
    const calls = mockViews(() =>
      refuse
        ? jsonResponse(400, { error: ErrorCode.SAVED_VIEW_LIMIT_REACHED, message: 'limit', fields: { limit: 50 } })
        : jsonResponse(201, { view: { ...VIEW, id: 4, name: 'Mine' } }),
    );
    renderMenu('status=connected&sort=name.asc');
    fireEvent.click(await screen.findByTestId(TestId.devicesBulk.viewSave));
    fireEvent.change(screen.getByTestId(TestId.devicesBulk.viewName), { target: { value: '  Mine ' } });
    fireEvent.click(screen.getByTestId(TestId.devicesBulk.viewSaveConfirm));
    const error = await screen.findByTestId(TestId.devicesBulk.viewError);
    expect(error.textContent).toContain('You keep as many saved views of this screen as you may');
    expect(error.textContent).toContain('You may keep 50 saved views of a screen; delete one to save another');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      view: { screen: 'devices', name: 'Mine', query: 'status=connected&sort=name.asc' },
    });
    refuse = false;
    fireEvent.click(screen.getByTestId(TestId.devicesBulk.viewSaveConfirm));
    await waitFor(() => expect(screen.queryByTestId(TestId.devicesBulk.viewName)).toBeNull());
  });

  it('deletes a view, and its link is the screen’s address with the view’s query', async () => {
    const calls = mockViews(() => jsonResponse(201, { view: VIEW }));
    renderMenu(VIEW.query);
    fireEvent.click(await screen.findByTestId(TestId.devicesBulk.viewDelete(3)));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/v1/config/2/saved_views/3');
    expect(savedViewLink(VIEW.query, 'https://console.example')).toBe(
      'https://console.example/config/devices?q=north&status=alert',
    );
  });

  it('renames a view: its name offered, the new one sent, the list read again', async () => {
    const calls = mockViews(() => jsonResponse(201, { view: VIEW }));
    renderMenu('');
    fireEvent.click(await screen.findByTestId(TestId.devicesBulk.viewRename(3)));
    const name = screen.getByTestId<HTMLInputElement>(TestId.devicesBulk.viewName);
    // The menu closed behind the dialog.
    await waitFor(() => expect(screen.queryByTestId(TestId.devicesBulk.viewSave)).toBeNull());
    expect(name.value).toBe('North alerts');
    expect(screen.getByText('Rename view “North alerts”')).toBeTruthy();
    // The same name renames nothing.
    expect(screen.getByTestId<HTMLButtonElement>(TestId.devicesBulk.viewSaveConfirm).disabled).toBe(true);
    fireEvent.change(name, { target: { value: ' North gates ' } });
    fireEvent.click(screen.getByTestId(TestId.devicesBulk.viewSaveConfirm));
    await waitFor(() => expect(screen.queryByTestId(TestId.devicesBulk.viewName)).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/v1/config/2/saved_views/3',
      body: { view: { name: 'North gates' } },
    });
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });
});
