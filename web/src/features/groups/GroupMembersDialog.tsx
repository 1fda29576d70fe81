import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { API, can, TestId, type Group, type GroupDevicesResponse } from '@halo/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, useApiValue } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useSessionSubject } from '../../lib/session';

export interface GroupMembersDialogProps {
  readonly environmentId: number;
  readonly group: Group;
  readonly onClose: () => void;
}

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The names of a pasted list: one per line or comma separated, blanks dropped, each once. */
export const pastedNames = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\n,;\t]/)
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  ),
];

/**
 * A group's devices (issue 27: a group silence covers them): the list with a filter, each
 * removable; devices added by name or serial number from a pasted list, the names no device
 * has said back. Without groups update it only shows.
 */
export function GroupMembersDialog({ environmentId, group, onClose }: GroupMembersDialogProps) {
  const { t } = useTranslation();
  const { subject } = useSessionSubject();
  const mayChange = can(subject, 'groups.update');
  const [generation, setGeneration] = useState(0);
  const [changed, setChanged] = useState<GroupDevicesResponse | null>(null);
  const listed = useApiValue(
    (signal) => api.call(API.groups.devices, { params: { environmentId, id: group.id } }, { signal }),
    `${environmentId}|${group.id}#${generation}`,
  );
  // The answer comes by id (streamed); people read the list by name.
  const members = useMemo(
    () =>
      [...(changed?.devices ?? listed.value?.devices ?? [])].sort(
        (a, b) => byName.compare(a.name, b.name) || a.id - b.id,
      ),
    [changed, listed.value],
  );
  const [filter, setFilter] = useState('');
  const [names, setNames] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle === ''
      ? members
      : members.filter((device) => `${device.name} ${device.pairing_id}`.toLowerCase().includes(needle));
  }, [members, filter]);

  const change = (body: { add_names?: string[]; remove?: number[] }, done: (answer: GroupDevicesResponse) => void) => {
    setBusy(true);
    setFailure(null);
    api
      .call(API.groups.changeDevices, { params: { environmentId, id: group.id }, body })
      .then((answer) => {
        setChanged(answer);
        setGeneration((value) => value + 1);
        done(answer);
      })
      .catch((error: unknown) => setFailure(error))
      .finally(() => setBusy(false));
  };
  const add = () =>
    change({ add_names: pastedNames(names) }, (answer) => {
      setNames(answer.unknown_names.join('\n'));
      notifySuccess(t('groups.members.added', { count: answer.devices.length }));
    });

  return (
    <Dialog isOpen onClose={onClose} title={t('groups.members.title', { name: group.name })} icon="layers">
      <DialogBody>
        <div data-testid={TestId.groupMembers.dialog}>
          {failure !== null && (
            <Callout intent="danger" icon="error" role="alert">
              {errorMessage(t, failure)}
            </Callout>
          )}
          <p>{t('groups.members.explain')}</p>
          {changed && changed.unknown_names.length > 0 && (
            <Callout intent="warning" icon="warning-sign" data-testid={TestId.groupMembers.unknown}>
              <bdi>{t('groups.members.unknown', { names: changed.unknown_names.join(', ') })}</bdi>
            </Callout>
          )}
          <FormGroup label={t('groups.members.count', { count: members.length })} labelFor="group-members-filter">
            <InputGroup
              id="group-members-filter"
              leftIcon="filter"
              dir="auto"
              placeholder={t('groups.members.filter')}
              aria-label={t('groups.members.filter')}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              data-testid={TestId.groupMembers.filter}
            />
          </FormGroup>
          {members.length === 0 && !listed.loading ? (
            <p className="bp6-text-muted">{t('groups.members.none')}</p>
          ) : (
            <ul className="group-members" data-testid={TestId.groupMembers.list}>
              {shown.slice(0, 500).map((device) => (
                <li key={device.id}>
                  <bdi>{device.name}</bdi>{' '}
                  <span className="bp6-text-muted" dir="ltr">
                    {device.pairing_id}
                  </span>
                  {mayChange && (
                    <Button
                      size="small"
                      variant="minimal"
                      icon="cross"
                      aria-label={t('groups.members.remove', { name: device.name })}
                      title={t('groups.members.remove', { name: device.name })}
                      disabled={busy}
                      onClick={() =>
                        change({ remove: [device.id] }, () =>
                          notifySuccess(t('groups.members.removed', { name: device.name })),
                        )
                      }
                      data-testid={TestId.groupMembers.remove(device.id)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
          {mayChange && (
            <FormGroup
              label={t('groups.members.add')}
              labelFor="group-members-names"
              helperText={t('groups.members.addHelp')}
            >
              <TextArea
                id="group-members-names"
                dir="auto"
                fill
                rows={3}
                value={names}
                onChange={(event) => setNames(event.target.value)}
                data-testid={TestId.groupMembers.names}
              />
            </FormGroup>
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('groups.members.close')} onClick={onClose} data-testid={TestId.groupMembers.close} />
            {mayChange && (
              <Button
                intent="primary"
                icon="add"
                loading={busy}
                disabled={pastedNames(names).length === 0}
                text={t('groups.members.addButton')}
                onClick={add}
                data-testid={TestId.groupMembers.add}
              />
            )}
          </>
        }
      />
    </Dialog>
  );
}
