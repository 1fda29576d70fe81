import { TestId } from '@halo/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithSession, signedIn } from '../../testing/sessionHarness';
import { GroupMembersDialog, pastedNames } from './GroupMembersDialog';

const device = (id: number, name: string) => ({ id, name, pairing_id: `SN-${name}` });

describe('GroupMembersDialog', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the members by name, though the answer comes by id', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(200, {
        devices: [device(1, 'zulu'), device(2, 'alpha 10'), device(3, 'alpha 9')],
        unknown_names: [],
      }),
    );
    renderWithSession(
      <GroupMembersDialog environmentId={7} group={{ id: 4, name: 'south' }} onClose={vi.fn()} />,
      signedIn({ environment_manager: true }),
    );
    const list = await screen.findByTestId(TestId.groupMembers.list);
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(3));
    expect([...list.querySelectorAll('li bdi')].map((name) => name.textContent)).toEqual([
      'alpha 9',
      'alpha 10',
      'zulu',
    ]);
  });

  it('reads a pasted list: lines, commas and tabs, blanks dropped, each name once', () => {
    expect(pastedNames(' alpha \nbravo,charlie\t\n\nalpha; delta ')).toEqual(['alpha', 'bravo', 'charlie', 'delta']);
    expect(pastedNames(' \n , ')).toEqual([]);
  });

  it('lists the devices with a filter, adds a pasted list and says which names it did not know, removes one', async () => {
    const posted: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as { remove?: number[] };
        posted.push(body);
        return Promise.resolve(
          jsonResponse(
            200,
            body.remove
              ? { devices: [device(2, 'bravo')], unknown_names: [] }
              : { devices: [device(1, 'alpha'), device(2, 'bravo')], unknown_names: ['nobody'] },
          ),
        );
      }
      return Promise.resolve(jsonResponse(200, { devices: [device(1, 'alpha')], unknown_names: [] }));
    });
    renderWithSession(
      <GroupMembersDialog environmentId={7} group={{ id: 3, name: 'north' }} onClose={vi.fn()} />,
      signedIn({ environment_manager: true }),
    );
    // The list is there (empty) while the members load: wait for them.
    await waitFor(() => expect(screen.getByTestId(TestId.groupMembers.list).textContent).toContain('alpha'));
    const add = screen.getByTestId<HTMLButtonElement>(TestId.groupMembers.add);
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(TestId.groupMembers.names), { target: { value: 'bravo\nnobody' } });
    fireEvent.click(add);
    expect(await screen.findByTestId(TestId.groupMembers.unknown)).toHaveProperty(
      'textContent',
      expect.stringContaining('nobody'),
    );
    expect(posted[0]).toEqual({ add_names: ['bravo', 'nobody'] });
    // What it did not know stays in the box to correct.
    expect(screen.getByTestId<HTMLTextAreaElement>(TestId.groupMembers.names).value).toBe('nobody');
    fireEvent.change(screen.getByTestId(TestId.groupMembers.filter), { target: { value: 'BRA' } });
    await waitFor(() => expect(screen.getByTestId(TestId.groupMembers.list).textContent).not.toContain('alpha'));
    fireEvent.click(screen.getByTestId(TestId.groupMembers.remove(2)));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({ remove: [2] });
  });

  it('only shows the devices to a user who may not update groups', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(200, { devices: [device(1, 'alpha')], unknown_names: [] }),
    );
    renderWithSession(<GroupMembersDialog environmentId={7} group={{ id: 3, name: 'north' }} onClose={vi.fn()} />);
    // The list is there (empty) while the members load: wait for them.
    await waitFor(() => expect(screen.getByTestId(TestId.groupMembers.list).textContent).toContain('alpha'));
    expect(screen.queryByTestId(TestId.groupMembers.add)).toBeNull();
    expect(screen.queryByTestId(TestId.groupMembers.remove(1))).toBeNull();
  });
});
