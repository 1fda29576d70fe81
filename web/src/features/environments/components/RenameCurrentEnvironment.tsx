import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { can, TestId } from '@halo/shared';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../crud';
import { subjectOf, useSessionSelector } from '../../../lib/session';
import { renameEnvironmentMachine } from '../renameEnvironmentMachine';

/** The toolbar action renaming the environment the user is in. */
export function RenameCurrentEnvironment() {
  const { t } = useTranslation();
  const session = useSessionSelector((snapshot) => snapshot.context.session);
  const [snapshot, send] = useMachine(renameEnvironmentMachine);
  const allowed = can(subjectOf(session), 'environments.update');
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const label = t('environments.fields.name');
  const currentName = context.renamedTo ?? session?.environment_name ?? '';

  return (
    <>
      <Button
        icon="edit"
        text={t('environments.rename.button', { name: currentName })}
        disabled={!allowed || !session}
        onClick={() =>
          session && send({ type: 'rename.open', environmentId: session.environment_id, name: currentName })
        }
        data-testid={TestId.people.renameCurrent}
      />
      <Dialog
        isOpen={snapshot.hasTag('open')}
        title={t('environments.rename.title')}
        onClose={() => send({ type: 'rename.cancel' })}
        style={{ width: 350 }}
      >
        <form
          data-testid={TestId.people.renameDialog}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'rename.save' });
          }}
        >
          <DialogBody>
            {context.errorKey && (
              <Callout intent="danger" icon="error">
                <span data-testid={TestId.people.renameError}>{t(context.errorKey)}</span>
              </Callout>
            )}
            <FormGroup
              label={label}
              labelFor="rename-current-environment"
              intent={context.problem ? 'danger' : 'none'}
              helperText={context.problem ? fieldErrorText(t, context.problem, label) : undefined}
            >
              <InputGroup
                id="rename-current-environment"
                value={context.name}
                intent={context.problem ? 'danger' : 'none'}
                disabled={busy}
                onValueChange={(name) => send({ type: 'rename.change', name })}
                data-testid={TestId.people.renameInput}
              />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button
                  text={t('crud.actions.cancel')}
                  disabled={busy}
                  onClick={() => send({ type: 'rename.cancel' })}
                />
                <Button
                  type="submit"
                  intent="primary"
                  text={t('crud.actions.save')}
                  loading={busy}
                  data-testid={TestId.people.renameSave}
                />
              </>
            }
          />
        </form>
      </Dialog>
    </>
  );
}
