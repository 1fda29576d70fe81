import { ApiError, ErrorCode } from '@halo/shared';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createCrudMachine, type SaveInput } from './crudMachine';
import type { ResourceClient } from './resourceClient';

interface Row {
  readonly id: number;
  readonly name: string;
}
interface Values {
  readonly name: string;
}

const unusedClient: ResourceClient<Row> = {
  list: () => Promise.reject(new Error('provided in the test')),
  create: () => Promise.reject(new Error('provided in the test')),
  update: () => Promise.reject(new Error('provided in the test')),
  remove: () => Promise.reject(new Error('provided in the test')),
  action: () => Promise.reject(new Error('provided in the test')),
};

const machineOptions = {
  name: 'groups',
  rowId: (row: Row) => row.id,
  emptyValues: (): Values => ({ name: '' }),
  toValues: (row: Row): Values => ({ name: row.name }),
  toPayload: { add: (values: Values) => ({ group: values }), edit: (values: Values) => ({ group: values }) },
  successKeys: { added: 'groups.success.added', updated: 'groups.success.updated', deleted: 'groups.success.deleted' },
  actionSuccessKeys: { rename: 'groups.success.updated' },
};
const machine = createCrudMachine<Row, Values>(unusedClient, machineOptions);

const duplicate = () => new ApiError(400, { error: ErrorCode.GROUP_NAME_EXISTS, message: 'Group exists' });

function start(
  options: { save?: (input: SaveInput<Values>) => Promise<void>; firstLoadFails?: boolean } = {},
  from: typeof machine = machine,
) {
  let rows: Row[] = [
    { id: 1, name: 'north' },
    { id: 2, name: 'south' },
  ];
  let loads = 0;
  const load = vi.fn(() => {
    loads += 1;
    return options.firstLoadFails && loads === 1
      ? Promise.reject(new ApiError(500, { error: 'internal', message: 'down' }))
      : Promise.resolve([...rows]);
  });
  const save = vi.fn(
    options.save ??
      ((input: SaveInput<Values>) => {
        if (input.mode === 'add') rows = [...rows, { id: 3, name: input.values.name }];
        else rows = rows.map((row) => (row.id === input.id ? { ...row, name: input.values.name } : row));
        return Promise.resolve();
      }),
  );
  const remove = vi.fn((id: number | string) => {
    rows = rows.filter((row) => row.id !== id);
    return Promise.resolve();
  });
  const runAction = vi.fn((_: { name: string; id: number | string }) => Promise.resolve());
  const toasts: string[] = [];
  const errors: string[] = [];
  const actor = createActor(
    from.provide({
      actors: {
        loadList: fromPromise<readonly Row[]>(() => load()),
        saveItem: fromPromise(({ input }: { input: SaveInput<Values> }) => save(input)),
        deleteItem: fromPromise(({ input }: { input: { id: number | string } }) => remove(input.id)),
        runAction: fromPromise(({ input }: { input: { name: string; id: number | string } }) => runAction(input)),
      },
      actions: {
        notifySuccess: ({ context }) => {
          if (context.successKey) toasts.push(context.successKey);
        },
        notifyError: (_, params: { key: string }) => errors.push(params.key),
      },
    }),
  ).start();
  return { actor, load, save, remove, runAction, toasts, errors };
}

const loaded = (snapshot: { matches: (state: 'loaded') => boolean }) => snapshot.matches('loaded');

describe('createCrudMachine', () => {
  it('loads the list, then filters it by the search text without calling the API again', async () => {
    const { actor, load } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, loaded);
    expect(actor.getSnapshot().context.rows.map((row) => row.name)).toEqual(['north', 'south']);
    actor.send({ type: 'crud.search', text: 'nor' });
    expect(actor.getSnapshot().context.searchText).toBe('nor');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after an add: re-fetches, toasts, closes the dialog, clears the form and resets the edit index', async () => {
    const { actor, load, save, toasts } = start();
    await waitFor(actor, loaded);
    actor.send({ type: 'crud.add' });
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ dialogMode: 'add', editIndex: -1 });
    actor.send({ type: 'crud.change', values: { name: 'east' } });
    actor.send({ type: 'crud.save' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, loaded);
    expect(save).toHaveBeenCalledWith({ mode: 'add', id: null, values: { name: 'east' } });
    expect(load).toHaveBeenCalledTimes(2);
    expect(toasts).toEqual(['groups.success.added']);
    expect(actor.getSnapshot().context).toMatchObject({
      dialogMode: null,
      editIndex: -1,
      values: { name: '' },
      formError: null,
    });
    expect(actor.getSnapshot().context.rows).toHaveLength(3);
  });

  it('does not send values the form knows are invalid: the save stays in the dialog and marks it submitted', async () => {
    const { actor, save } = start();
    await waitFor(actor, loaded);
    actor.send({ type: 'crud.add' });
    actor.send({ type: 'crud.change', values: { name: 'has space' } });
    actor.send({ type: 'crud.save', invalid: true });
    expect(actor.getSnapshot().hasTag('saving')).toBe(false);
    expect(actor.getSnapshot().context.submitted).toBe(true);
    expect(save).not.toHaveBeenCalled();
    actor.send({ type: 'crud.change', values: { name: 'no_space' } });
    actor.send({ type: 'crud.save', invalid: false });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
  });

  it('edits the chosen row by its index and sends its id', async () => {
    const { actor, save, toasts } = start();
    await waitFor(actor, loaded);
    actor.send({ type: 'crud.edit', row: { id: 2, name: 'south' } });
    expect(actor.getSnapshot().context).toMatchObject({ dialogMode: 'edit', editIndex: 1, values: { name: 'south' } });
    actor.send({ type: 'crud.change', values: { name: 'south_2' } });
    actor.send({ type: 'crud.save' });
    await waitFor(actor, loaded);
    expect(save).toHaveBeenCalledWith({ mode: 'edit', id: 2, values: { name: 'south_2' } });
    expect(toasts).toEqual(['groups.success.updated']);
    expect(actor.getSnapshot().context.editIndex).toBe(-1);
    expect(actor.getSnapshot().context.rows[1]?.name).toBe('south_2');
  });

  it('keeps the dialog open with the catalogue message and the field on a refused save', async () => {
    const { actor, load, toasts } = start({ save: () => Promise.reject(duplicate()) });
    await waitFor(actor, loaded);
    actor.send({ type: 'crud.add' });
    actor.send({ type: 'crud.change', values: { name: 'north' } });
    actor.send({ type: 'crud.save' });
    await waitFor(actor, (snapshot) => snapshot.context.formError !== null);
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('dialog')).toBe(true);
    expect(snapshot.context.formError?.messageKey).toBe('errors.groupNameExists');
    expect(snapshot.context.formError?.fields.name?.key).toBe('errors.groupNameExists');
    expect(snapshot.context.values).toEqual({ name: 'north' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([]);

    actor.send({ type: 'crud.cancel' });
    expect(actor.getSnapshot().context).toMatchObject({ dialogMode: null, formError: null, values: { name: '' } });
  });

  it('deletes only after confirmation, and cancelling changes nothing', async () => {
    const { actor, remove, toasts } = start();
    await waitFor(actor, loaded);
    actor.send({ type: 'crud.delete', row: { id: 1, name: 'north' } });
    expect(actor.getSnapshot().hasTag('confirmDelete')).toBe(true);
    actor.send({ type: 'crud.cancel' });
    expect(remove).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.pendingDelete).toBeNull();

    actor.send({ type: 'crud.delete', row: { id: 1, name: 'north' } });
    actor.send({ type: 'crud.confirm' });
    await waitFor(actor, (snapshot) => loaded(snapshot) && snapshot.context.rows.length === 1);
    expect(remove).toHaveBeenCalledWith(1);
    expect(toasts).toEqual(['groups.success.deleted']);
  });

  it('runs a confirmed row action and re-fetches; a refused one shows an error toast and re-fetches too', async () => {
    const { actor, runAction, toasts, errors, load } = start();
    await waitFor(actor, loaded);
    actor.send({ type: 'crud.action', name: 'rename', row: { id: 2, name: 'south' } });
    actor.send({ type: 'crud.confirm' });
    await waitFor(actor, (snapshot) => loaded(snapshot) && load.mock.calls.length === 2);
    expect(runAction).toHaveBeenCalledWith({ name: 'rename', id: 2 });
    expect(toasts).toEqual(['groups.success.updated']);

    runAction.mockImplementationOnce(() => Promise.reject(new ApiError(403, { error: 'forbidden', message: 'no' })));
    actor.send({ type: 'crud.action', name: 'rename', row: { id: 2, name: 'south' } });
    actor.send({ type: 'crud.confirm' });
    await waitFor(actor, (snapshot) => errors.length > 0 && loaded(snapshot));
    expect(errors).toEqual(['errors.insufficientPermission']);
    expect(actor.getSnapshot().context.pendingAction).toBeNull();
    // A refused action may mean the row changed meanwhile: the list is fetched again.
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('shows a failed load and loads again on retry', async () => {
    const { actor } = start({ firstLoadFails: true });
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(actor.getSnapshot().context.listErrorKey).toBe('errors.internal');
    actor.send({ type: 'crud.reload' });
    await waitFor(actor, loaded);
    expect(actor.getSnapshot().context.rows).toHaveLength(2);
  });
});
