import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Radio,
  RadioGroup,
  Tag,
} from '@blueprintjs/core';
import {
  API,
  can,
  instantOfWallText,
  SILENCE_DURATIONS_HOURS,
  SILENCE_REASON_MAX_LENGTH,
  TestId,
  type AlarmSilence,
  type SilenceScope,
} from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, useApiValue } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useSessionSubject } from '../../../lib/session';
import { ltrIsolate } from '../../../lib/i18n';
import { Timestamp, useTimeFormat } from '../../../lib/time-zone';

/**
 * A `datetime-local` value read in the reader's zone (issue 39, item 15), as the API takes it:
 * `2026-12-01T06:00` in Asia/Jerusalem → `2026-12-01T04:00:00.000Z`; null when it names no time.
 */
export function zonedInputToIso(value: string, zone: string): string | null {
  const instant = instantOfWallText(value, zone);
  return instant === null ? null : new Date(instant).toISOString();
}

export interface SilencesDialogProps {
  readonly environmentId: number;
  /** The devices of the selected alarms: what a device silence covers. */
  readonly deviceIds: readonly number[];
  readonly onClose: () => void;
  /** A silence was made or ended: the alarms' marks change. */
  readonly onChanged: () => void;
}

/**
 * Planned maintenance: the silences in force or to come (each can be ended now), and a new one
 * for the selected alarms' devices, a group (the devices in it while the silence lasts) or the
 * whole environment, for a duration, with a reason.
 */
export function SilencesDialog({ environmentId, deviceIds, onClose, onChanged }: SilencesDialogProps) {
  const { t } = useTranslation();
  const [generation, setGeneration] = useState(0);
  const listed = useApiValue(
    (signal) => api.call(API.silences.list, { params: { environmentId } }, { signal }),
    `${environmentId}#${generation}`,
  );
  const { subject } = useSessionSubject();
  const mayListGroups = can(subject, 'groups.view');
  const groups = useApiValue(
    (signal) =>
      mayListGroups
        ? api.call(API.groups.list, { params: { environmentId } }, { signal })
        : Promise.resolve({ groups: [] }),
    `${environmentId}|${mayListGroups}`,
  );
  const groupChoices = groups.value?.groups ?? [];
  const [groupId, setGroupId] = useState<number | null>(null);
  const chosenGroup = groupChoices.find((group) => group.id === groupId) ?? groupChoices[0] ?? null;
  const [scope, setScope] = useState<SilenceScope>(deviceIds.length > 0 ? 'device' : 'environment');
  const [hours, setHours] = useState<number>(SILENCE_DURATIONS_HOURS[1]);
  /** When it starts, as typed (in the reader's zone, as every time the console shows); empty: now. */
  const [startsAt, setStartsAt] = useState('');
  const format = useTimeFormat();
  const startsAtIso = startsAt === '' ? null : zonedInputToIso(startsAt, format.zone);
  const startsAtInvalid = startsAt !== '' && startsAtIso === null;
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const changed = () => {
    setGeneration((value) => value + 1);
    onChanged();
  };

  const create = () => {
    setBusy(true);
    setFailure(null);
    api
      .call(API.silences.create, {
        params: { environmentId },
        body: {
          scope,
          ...(scope === 'device' ? { device_ids: [...deviceIds] } : {}),
          ...(scope === 'group' && chosenGroup ? { group_ids: [chosenGroup.id] } : {}),
          ...(startsAtIso === null ? {} : { starts_at: startsAtIso }),
          duration_minutes: hours * 60,
          reason,
        },
      })
      .then((answer) => {
        notifySuccess(t('alarms.silences.created', { count: answer.silences.length }));
        setReason('');
        setStartsAt('');
        changed();
      })
      .catch((error: unknown) => setFailure(error))
      .finally(() => setBusy(false));
  };
  const end = (silence: AlarmSilence) => {
    api
      .call(API.silences.end, { params: { environmentId, id: silence.id } })
      .then(() => {
        notifySuccess(t('alarms.silences.ended'));
        changed();
      })
      .catch((error: unknown) => setFailure(error));
  };

  const silences = listed.value?.silences ?? [];
  return (
    <Dialog isOpen onClose={onClose} title={t('alarms.silences.title')} icon="notifications-snooze">
      <form
        data-testid={TestId.alarms.silenceDialog}
        onSubmit={(event) => {
          event.preventDefault();
          create();
        }}
      >
        <DialogBody>
          {failure !== null && (
            <Callout intent="danger" icon="error" role="alert">
              {errorMessage(t, failure)}
            </Callout>
          )}
          <p>{t('alarms.silences.explain')}</p>
          <RadioGroup
            selectedValue={scope}
            onChange={(event) => setScope(event.currentTarget.value as SilenceScope)}
            label={t('alarms.silences.scope')}
          >
            {/* Opened from the Silences screen no alarm is selected: no device choice to offer. */}
            {deviceIds.length > 0 && (
              <Radio
                value="device"
                label={t('alarms.silences.devices', { count: deviceIds.length })}
                data-testid={TestId.alarms.silenceScope('device')}
              />
            )}
            <Radio
              value="group"
              disabled={groupChoices.length === 0}
              label={groupChoices.length === 0 ? t('alarms.silences.noGroups') : t('alarms.silences.group')}
              data-testid={TestId.alarms.silenceScope('group')}
            />
            <Radio
              value="environment"
              label={t('alarms.silences.environment')}
              data-testid={TestId.alarms.silenceScope('environment')}
            />
          </RadioGroup>
          {scope === 'group' && chosenGroup && (
            <FormGroup label={t('alarms.silences.whichGroup')} labelFor="alarms-silence-group">
              <HTMLSelect
                id="alarms-silence-group"
                value={chosenGroup.id}
                onChange={(event) => setGroupId(Number(event.currentTarget.value))}
                data-testid={TestId.alarms.silenceGroup}
                options={groupChoices.map((group) => ({ value: group.id, label: group.name }))}
              />
            </FormGroup>
          )}
          <FormGroup
            label={t('alarms.silences.startsAt')}
            labelFor="alarms-silence-starts"
            labelInfo={
              <span className="bp6-text-muted" data-testid={TestId.alarms.silenceZone}>
                {t('alarms.silences.startsAtZone', { zone: ltrIsolate(format.zoneName()) })}
              </span>
            }
            helperText={t('alarms.silences.startsAtHelp')}
            intent={startsAtInvalid ? 'danger' : 'none'}
          >
            <InputGroup
              id="alarms-silence-starts"
              type="datetime-local"
              dir="ltr"
              value={startsAt}
              onValueChange={setStartsAt}
              intent={startsAtInvalid ? 'danger' : 'none'}
              data-testid={TestId.alarms.silenceStartsAt}
            />
          </FormGroup>
          <FormGroup label={t('alarms.silences.duration')} labelFor="alarms-silence-duration">
            <HTMLSelect
              id="alarms-silence-duration"
              value={hours}
              onChange={(event) => setHours(Number(event.currentTarget.value))}
              data-testid={TestId.alarms.silenceDuration}
              options={SILENCE_DURATIONS_HOURS.map((value) => ({
                value,
                label: t('alarms.silences.hours', { count: value }),
              }))}
            />
          </FormGroup>
          <FormGroup label={t('alarms.silences.reason')} labelFor="alarms-silence-reason">
            <InputGroup
              id="alarms-silence-reason"
              dir="auto"
              value={reason}
              maxLength={SILENCE_REASON_MAX_LENGTH}
              onChange={(event) => setReason(event.target.value)}
              data-testid={TestId.alarms.silenceReason}
            />
          </FormGroup>
          <h4>{t('alarms.silences.current')}</h4>
          {silences.length === 0 ? (
            <p className="bp6-text-muted">{t('alarms.silences.none')}</p>
          ) : (
            <ul className="alarms-silences" data-testid={TestId.alarms.silenceList}>
              {silences.map((silence) => (
                <li key={silence.id}>
                  <Tag minimal icon="notifications-snooze">
                    {silence.scope === 'device' ? (
                      <bdi>{silence.device_name}</bdi>
                    ) : silence.scope === 'group' ? (
                      <bdi>{t('alarms.silences.groupNamed', { name: silence.group_name ?? '' })}</bdi>
                    ) : (
                      t('alarms.silences.wholeEnvironment')
                    )}
                  </Tag>{' '}
                  <span dir="ltr">
                    <Timestamp iso={silence.starts_at} /> → <Timestamp iso={silence.ends_at} />
                  </span>{' '}
                  <bdi>{silence.reason}</bdi>{' '}
                  {silence.may_end ? (
                    <Button
                      small
                      minimal
                      intent="danger"
                      text={t('alarms.silences.end')}
                      onClick={() => end(silence)}
                      data-testid={TestId.alarms.silenceEnd(silence.id)}
                    />
                  ) : (
                    // A parent's silence is the parent's to end (the provider refuses it here).
                    <Tag minimal icon="lock">
                      {t('alarms.silences.setAbove')}
                    </Tag>
                  )}
                </li>
              ))}
            </ul>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('alarms.acknowledge.cancel')} onClick={onClose} />
              <Button
                type="submit"
                intent="primary"
                loading={busy}
                disabled={
                  reason.trim() === '' ||
                  startsAtInvalid ||
                  (scope === 'device' && deviceIds.length === 0) ||
                  (scope === 'group' && !chosenGroup)
                }
                text={t('alarms.silences.create')}
                data-testid={TestId.alarms.silenceCreate}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
