import { assign, fromPromise, setup } from 'xstate';
import { i18n } from '../lib/i18n';
import { errorMessageKey } from '../lib/api';
import { notifyError, notifySuccess } from '../lib/notify';
import { formErrorOf, type DraftOf, type FormError, type ResourceClient } from './resourceClient';

export type DialogMode = 'add' | 'edit';

export interface CrudContext<Row, Values> {
  readonly rows: readonly Row[];
  readonly searchText: string;
  /** Null while no dialog is open. */
  readonly dialogMode: DialogMode | null;
  /** Index in `rows` of the row being edited; -1 when adding or closed (spec section 4: the edit index resets). */
  readonly editIndex: number;
  /** The row being edited (a list view that brings its own rows has none of them in `rows`). */
  readonly editRow: Row | null;
  readonly values: Values;
  /** True once Save was pressed: every field shows its problem, not only those touched. */
  readonly submitted: boolean;
  readonly formError: FormError | null;
  readonly pendingDelete: Row | null;
  readonly pendingAction: { readonly name: string; readonly row: Row } | null;
  /** i18n key of why the list could not be loaded. */
  readonly listErrorKey: string | null;
  /** i18n key of the last success, shown as a toast. */
  readonly successKey: string | null;
  /** Bumped each time the list was loaded: a view that brings its own rows fetches what it shows again. */
  readonly loads: number;
}

export type CrudEvent<Row, Values> =
  | { type: 'crud.reload' }
  | { type: 'crud.search'; text: string }
  | { type: 'crud.add' }
  | { type: 'crud.edit'; row: Row }
  | { type: 'crud.change'; values: Values }
  /**
   * `invalid`: the form the dialog shows holds problems (the section 5 rules, with what the
   * page knows, e.g. a hub's control ports): such a save marks the fields and sends nothing.
   */
  | { type: 'crud.save'; invalid?: boolean }
  | { type: 'crud.cancel' }
  | { type: 'crud.delete'; row: Row }
  | { type: 'crud.action'; name: string; row: Row }
  | { type: 'crud.confirm' };

export interface SaveInput<Values> {
  readonly mode: DialogMode;
  readonly id: number | string | null;
  readonly values: Values;
}

/**
 * How form values become the request body of a save: `add` gives the create call's body,
 * `edit` the update call's (`{ user: {...} }`, password null when left empty on edit, ...).
 * Both are drafts of the contract's body types, so the compiler names a field the form does
 * not send; a value may still be null while the form is incomplete (the schema says so).
 */
export interface PayloadMapping<Values, CreateBody, UpdateBody> {
  readonly add: (values: Values) => DraftOf<CreateBody>;
  readonly edit: (values: Values) => DraftOf<UpdateBody>;
}

/** What a screen tells the factory about its resource. */
export interface CrudMachineOptions<Row, Values, CreateBody = unknown, UpdateBody = unknown> {
  readonly name: string;
  readonly rowId: (row: Row) => number | string;
  /** A new item's values; `rows` is the list as loaded, for defaults that depend on it (a free port range). */
  readonly emptyValues: (rows: readonly Row[]) => Values;
  readonly toValues: (row: Row) => Values;
  readonly toPayload: PayloadMapping<Values, CreateBody, UpdateBody>;
  /** i18n keys of the success toasts; an action's key is `actions[name]`. */
  readonly successKeys: { readonly added: string; readonly updated: string; readonly deleted: string };
  readonly actionSuccessKeys?: Readonly<Record<string, string>>;
}

/**
 * One machine for every list screen (spec section 4): load, search, add and edit in a dialog,
 * save, confirm delete, row actions, errors. After a successful add, update, delete or action
 * the list is fetched again, a success toast shows, the dialog closes, the form clears and
 * the edit index resets. The client's calls run in named actors, so tests swap them.
 */
export function createCrudMachine<Row, Values, CreateBody = unknown, UpdateBody = unknown>(
  client: ResourceClient<Row, CreateBody, UpdateBody>,
  options: CrudMachineOptions<Row, Values, CreateBody, UpdateBody>,
) {
  const closedDialog = () => ({
    dialogMode: null,
    editIndex: -1,
    editRow: null,
    values: options.emptyValues([]),
    submitted: false,
    formError: null,
  });

  return setup({
    types: {
      context: {} as CrudContext<Row, Values>,
      events: {} as CrudEvent<Row, Values>,
    },
    actors: {
      loadList: fromPromise<readonly Row[]>(({ signal }) => client.list(signal)),
      saveItem: fromPromise<void, SaveInput<Values>>(({ input }) =>
        input.mode === 'add' || input.id === null
          ? client.create(options.toPayload.add(input.values))
          : client.update(input.id, options.toPayload.edit(input.values)),
      ),
      deleteItem: fromPromise<void, { id: number | string }>(({ input }) => client.remove(input.id)),
      runAction: fromPromise<void, { name: string; id: number | string }>(({ input }) =>
        client.action(input.name, input.id),
      ),
    },
    actions: {
      notifySuccess: ({ context }) => {
        if (context.successKey) notifySuccess(i18n.t(context.successKey));
      },
      notifyError: (_, params: { key: string }) => notifyError(i18n.t(params.key)),
      closeDialog: assign(closedDialog),
    },
  }).createMachine({
    id: `crud-${options.name}`,
    context: {
      rows: [],
      searchText: '',
      ...closedDialog(),
      pendingDelete: null,
      pendingAction: null,
      listErrorKey: null,
      successKey: null,
      loads: 0,
    },
    initial: 'loading',
    on: {
      // Searching filters the loaded rows at once, whatever else is going on.
      'crud.search': { actions: assign({ searchText: ({ event }) => event.text }) },
    },
    states: {
      loading: {
        id: 'crud-reloading',
        tags: ['busy', 'loading'],
        invoke: {
          src: 'loadList',
          onDone: {
            target: 'loaded',
            actions: assign({
              rows: ({ event }) => event.output,
              listErrorKey: null,
              loads: ({ context }) => context.loads + 1,
            }),
          },
          onError: { target: 'failed', actions: assign({ listErrorKey: ({ event }) => errorMessageKey(event.error) }) },
        },
      },
      failed: {
        tags: ['failed'],
        on: { 'crud.reload': 'loading' },
      },
      loaded: {
        id: 'crud-loaded',
        on: {
          'crud.reload': 'loading',
          'crud.add': {
            target: 'editing',
            actions: assign(({ context }) => ({
              ...closedDialog(),
              dialogMode: 'add' as const,
              values: options.emptyValues(context.rows),
            })),
          },
          'crud.edit': {
            target: 'editing',
            actions: assign(({ context, event }) => ({
              ...closedDialog(),
              dialogMode: 'edit' as const,
              editIndex: context.rows.findIndex((row) => options.rowId(row) === options.rowId(event.row)),
              editRow: event.row,
              values: options.toValues(event.row),
            })),
          },
          'crud.delete': { target: 'confirmingDelete', actions: assign({ pendingDelete: ({ event }) => event.row }) },
          'crud.action': {
            target: 'confirmingAction',
            actions: assign({ pendingAction: ({ event }) => ({ name: event.name, row: event.row }) }),
          },
        },
      },
      editing: {
        tags: ['dialog'],
        initial: 'idle',
        on: { 'crud.cancel': { target: 'loaded', actions: 'closeDialog' } },
        states: {
          idle: {
            on: {
              'crud.change': { actions: assign({ values: ({ event }) => event.values }) },
              'crud.save': [
                {
                  guard: ({ event }) => event.invalid === true,
                  actions: assign({ submitted: true, formError: null }),
                },
                { target: 'saving', actions: assign({ submitted: true, formError: null }) },
              ],
            },
          },
          saving: {
            tags: ['busy', 'saving'],
            on: { 'crud.cancel': {} },
            invoke: {
              src: 'saveItem',
              input: ({ context }) => ({
                mode: context.dialogMode ?? 'add',
                id: context.editRow === null ? null : options.rowId(context.editRow),
                values: context.values,
              }),
              onDone: {
                target: '#crud-refreshing',
                actions: assign(({ context }) => ({
                  successKey: context.dialogMode === 'edit' ? options.successKeys.updated : options.successKeys.added,
                })),
              },
              onError: { target: 'idle', actions: assign({ formError: ({ event }) => formErrorOf(event.error) }) },
            },
          },
        },
      },
      confirmingDelete: {
        tags: ['confirmDelete'],
        initial: 'idle',
        on: { 'crud.cancel': { target: 'loaded', actions: assign({ pendingDelete: null }) } },
        states: {
          idle: { on: { 'crud.confirm': 'deleting' } },
          deleting: {
            tags: ['busy'],
            on: { 'crud.cancel': {} },
            invoke: {
              src: 'deleteItem',
              input: ({ context }) => ({ id: context.pendingDelete ? options.rowId(context.pendingDelete) : 0 }),
              onDone: {
                target: '#crud-refreshing',
                actions: assign({ pendingDelete: null, successKey: options.successKeys.deleted }),
              },
              // The row may be gone already (ID not found): say why and fetch the list again.
              onError: {
                target: '#crud-reloading',
                actions: [
                  assign({ pendingDelete: null }),
                  { type: 'notifyError', params: ({ event }) => ({ key: errorMessageKey(event.error) }) },
                ],
              },
            },
          },
        },
      },
      confirmingAction: {
        tags: ['confirmAction'],
        initial: 'idle',
        on: { 'crud.cancel': { target: 'loaded', actions: assign({ pendingAction: null }) } },
        states: {
          idle: { on: { 'crud.confirm': 'running' } },
          running: {
            tags: ['busy'],
            on: { 'crud.cancel': {} },
            invoke: {
              src: 'runAction',
              input: ({ context }) => ({
                name: context.pendingAction?.name ?? '',
                id: context.pendingAction ? options.rowId(context.pendingAction.row) : 0,
              }),
              onDone: {
                target: '#crud-refreshing',
                actions: assign(({ context }) => ({
                  pendingAction: null,
                  successKey: options.actionSuccessKeys?.[context.pendingAction?.name ?? ''] ?? null,
                })),
              },
              onError: {
                target: '#crud-reloading',
                actions: [
                  assign({ pendingAction: null }),
                  { type: 'notifyError', params: ({ event }) => ({ key: errorMessageKey(event.error) }) },
                ],
              },
            },
          },
        },
      },
      refreshing: {
        id: 'crud-refreshing',
        tags: ['busy', 'loading'],
        // Spec section 4: success toast, dialog closed, form cleared, edit index reset, list fetched again.
        entry: ['notifySuccess', 'closeDialog'],
        invoke: {
          src: 'loadList',
          onDone: {
            target: 'loaded',
            actions: assign({
              rows: ({ event }) => event.output,
              successKey: null,
              loads: ({ context }) => context.loads + 1,
            }),
          },
          onError: {
            target: 'failed',
            actions: assign({ listErrorKey: ({ event }) => errorMessageKey(event.error), successKey: null }),
          },
        },
      },
    },
  });
}

export type CrudMachine<Row, Values, CreateBody = unknown, UpdateBody = unknown> = ReturnType<
  typeof createCrudMachine<Row, Values, CreateBody, UpdateBody>
>;
