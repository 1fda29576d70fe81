import { TestId, type LoginResponse } from '@halo/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupsScreen } from '../features/groups/groupsScreen';
import { notifications$, type Notification } from '../lib/notify';
import { jsonResponse, renderWithSession, signedIn } from '../testing/sessionHarness';
import { CrudScreen } from './CrudScreen';

function renderGroups(overrides: Partial<LoginResponse>) {
  renderWithSession(<CrudScreen definition={groupsScreen} />, signedIn(overrides));
}

describe('CrudScreen', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('disables add, edit and delete for a user who may only view', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(jsonResponse(200, { groups: [{ id: 1, name: 'north' }] })),
    );
    renderGroups({ permissions: [30] });
    await screen.findByTestId(TestId.crud.row('groups', 1));
    expect(screen.getByTestId(TestId.crud.add('groups')).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId(TestId.crud.edit('groups', 1)).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId(TestId.crud.delete('groups', 1)).hasAttribute('disabled')).toBe(true);
  });

  it('shows the rules as the user types, saves, toasts and shows the list fetched again', async () => {
    let rows = [{ id: 1, name: 'north' }];
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation((_, init) => {
      if (init?.method === 'POST') {
        rows = [...rows, { id: 2, name: 'south_sites' }];
        return Promise.resolve(jsonResponse(201, { id: 2, group: { id: 2, name: 'south_sites' } }));
      }
      return Promise.resolve(jsonResponse(200, { groups: rows }));
    });
    const toasts: Notification[] = [];
    const subscription = notifications$.subscribe((toast) => toasts.push(toast));
    renderGroups({ environment_manager: true });
    await screen.findByTestId(TestId.crud.row('groups', 1));

    fireEvent.click(screen.getByTestId(TestId.crud.add('groups')));
    const name = await screen.findByTestId(TestId.crud.field('groups', 'name'));
    expect(screen.getByTestId(TestId.crud.dialogTitle('groups')).textContent).toBe('Add group');
    fireEvent.change(name, { target: { value: 'south sites' } });
    expect((await screen.findByTestId(TestId.crud.fieldError('groups', 'name'))).textContent).toBe(
      'Group name contains invalid characters',
    );
    fireEvent.change(name, { target: { value: 'south_sites' } });
    expect(screen.queryByTestId(TestId.crud.fieldError('groups', 'name'))).toBeNull();

    await act(() => {
      fireEvent.click(screen.getByTestId(TestId.crud.save('groups')));
      return Promise.resolve();
    });
    await screen.findByTestId(TestId.crud.row('groups', 2));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/v1/config/2/groups');
    expect(post?.[1]?.body).toBe('{"group":{"name":"south_sites"}}');
    await waitFor(() => expect(toasts.map((toast) => toast.message)).toContain('Group added'));
    subscription.unsubscribe();
  });

  it('filters the rows with the search box and says when nothing matches', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(
        jsonResponse(200, {
          groups: [
            { id: 1, name: 'north' },
            { id: 2, name: 'south' },
          ],
        }),
      ),
    );
    renderGroups({ environment_manager: true });
    await screen.findByTestId(TestId.crud.row('groups', 2));
    fireEvent.change(screen.getByTestId(TestId.crud.search('groups')), { target: { value: 'SOU' } });
    await waitFor(() => expect(screen.queryByTestId(TestId.crud.row('groups', 1))).toBeNull());
    expect(screen.getByTestId(TestId.crud.row('groups', 2))).toBeTruthy();
    fireEvent.change(screen.getByTestId(TestId.crud.search('groups')), { target: { value: 'zzz' } });
    expect((await screen.findByTestId(TestId.crud.empty('groups'))).textContent).toContain('No matches');
  });
});
