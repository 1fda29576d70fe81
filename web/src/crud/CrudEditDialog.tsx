import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { api } from '../lib/api';
import { useSessionSubject } from '../lib/session';
import { crudTextKeys, validateValues, type CrudScreenDefinition } from './crudDefinition';
import { CrudFormDialog } from './CrudFormDialog';
import { createCrudMachine } from './crudMachine';
import { createResourceClient } from './resourceClient';

export interface CrudEditDialogProps<Row, Values> {
  readonly definition: CrudScreenDefinition<Row, Values>;
  /** The item to edit; null keeps the dialog closed. */
  readonly row: Row | null;
  /** The dialog closed, saved or not. */
  readonly onClose: () => void;
  /** The change was saved (the success toast has shown). */
  readonly onSaved: () => void;
}

/**
 * A screen's edit dialog for one item, away from its list (a device's page edits the device as
 * Devices does): the same fields, rules, machine, refusals and toasts as the list's own dialog.
 */
export function CrudEditDialog<Row, Values>({ definition, row, onClose, onSaved }: CrudEditDialogProps<Row, Values>) {
  const { subject, environmentId } = useSessionSubject();
  const [machine] = useState(() => {
    const client = createResourceClient(api, definition.resource, () => environmentId);
    const texts = crudTextKeys(definition);
    // No list here: the item is the one given.
    return createCrudMachine(
      { ...client, list: () => Promise.resolve([]) },
      {
        ...definition,
        name: definition.resource.name,
        successKeys: { added: texts.added, updated: texts.updated, deleted: texts.deleted },
      },
    );
  });
  const [snapshot, send, actor] = useMachine(machine);
  const { context } = snapshot;
  const ready = snapshot.matches('loaded');

  // Opened once for each item given; closed again when it is taken away.
  const opened = useRef<Row | null>(null);
  useEffect(() => {
    if (row === null) {
      opened.current = null;
      return;
    }
    if (ready && opened.current !== row) {
      opened.current = row;
      send({ type: 'crud.edit', row });
    }
  }, [row, ready, send]);

  const callbacks = useRef({ onClose, onSaved });
  useEffect(() => {
    callbacks.current = { onClose, onSaved };
  });
  // Saved: the machine refreshes (its toast shown). Watched on the actor, not the rendered
  // snapshot: with no list to load it is through refreshing before React renders again.
  useEffect(() => {
    let refreshing = false;
    const subscription = actor.subscribe((next) => {
      const now = next.matches('refreshing');
      if (now && !refreshing) {
        callbacks.current.onSaved();
        callbacks.current.onClose();
      }
      refreshing = now;
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  return (
    <CrudFormDialog
      definition={definition}
      isOpen={row !== null && snapshot.hasTag('dialog')}
      mode="edit"
      values={context.values}
      submitted={context.submitted}
      saving={snapshot.hasTag('saving')}
      formError={context.formError}
      onChange={(values) => send({ type: 'crud.change', values })}
      onSave={() =>
        send({ type: 'crud.save', invalid: Object.keys(validateValues(definition, context.values, 'edit')).length > 0 })
      }
      onCancel={() => {
        send({ type: 'crud.cancel' });
        onClose();
      }}
      subject={subject}
    />
  );
}
