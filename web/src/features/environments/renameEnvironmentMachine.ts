import { API, EnvironmentUpdateSchema, fieldProblems } from '@halo/shared';
import { assign, fromPromise, setup } from 'xstate';
import { api, errorMessageKey } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import type { FieldError } from '../../crud';

export interface RenameContext {
  readonly environmentId: number;
  readonly name: string;
  readonly problem: FieldError | null;
  readonly errorKey: string | null;
  /** The name given here last, until the session is renewed (the session keeps the name it logged in with). */
  readonly renamedTo: string | null;
}

export type RenameEvent =
  | { type: 'rename.open'; environmentId: number; name: string }
  | { type: 'rename.change'; name: string }
  | { type: 'rename.save' }
  | { type: 'rename.cancel' };

export const renameEnvironmentActor = fromPromise<void, { environmentId: number; name: string }>(
  async ({ input, signal }) => {
    await api.call(
      API.environments.update,
      {
        params: { environmentId: input.environmentId, id: input.environmentId },
        body: { environment_name: input.name },
      },
      { signal },
    );
  },
);

function problemOf(name: string): FieldError | null {
  const result = EnvironmentUpdateSchema.safeParse({ environment_name: name });
  if (result.success) return null;
  const [first] = fieldProblems(result.error);
  return first ? { key: first.key, params: first.params ?? ['environment_name'] } : null;
}

/** Renaming the current environment: PUT environments/{current} with environment_name only (spec section 7). */
export const renameEnvironmentMachine = setup({
  types: { context: {} as RenameContext, events: {} as RenameEvent },
  actors: { rename: renameEnvironmentActor },
  actions: {
    notifyRenamed: () => notifySuccess(i18n.t('environments.rename.success')),
  },
  guards: { isValid: ({ context }) => problemOf(context.name) === null },
}).createMachine({
  id: 'renameEnvironment',
  context: { environmentId: 0, name: '', problem: null, errorKey: null, renamedTo: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'rename.open': {
          target: 'open',
          actions: assign(({ event }) => ({
            environmentId: event.environmentId,
            name: event.name,
            problem: null,
            errorKey: null,
          })),
        },
      },
    },
    open: {
      tags: ['open'],
      initial: 'editing',
      on: { 'rename.cancel': 'closed' },
      states: {
        editing: {
          on: {
            'rename.change': {
              actions: assign(({ event }) => ({ name: event.name, problem: problemOf(event.name), errorKey: null })),
            },
            'rename.save': [
              { guard: 'isValid', target: 'saving' },
              { actions: assign(({ context }) => ({ problem: problemOf(context.name) })) },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          on: { 'rename.cancel': {} },
          invoke: {
            src: 'rename',
            input: ({ context }) => ({ environmentId: context.environmentId, name: context.name }),
            onDone: {
              target: '#renameEnvironment.closed',
              actions: ['notifyRenamed', assign(({ context }) => ({ renamedTo: context.name }))],
            },
            onError: { target: 'editing', actions: assign({ errorKey: ({ event }) => errorMessageKey(event.error) }) },
          },
        },
      },
    },
  },
});
