import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  ProgressBar,
} from '@blueprintjs/core';
import {
  API,
  DeviceType,
  fieldProblems,
  TestId,
  UpgradePolicyInputSchema,
  type DeviceBulkAction,
  type Group,
} from '@halo/shared';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudFormField, type FieldError } from '../../../crud';
import { api, errorDetail, errorMessage, saveFile, useApiValue } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { notifySuccess } from '../../../lib/notify';
import {
  BULK_ACTION_KEYS,
  BULK_REFUSAL_KEYS,
  checkDeviceBulk,
  refusedCsv,
  runDeviceBulk,
  type BulkOutcome,
  type BulkProgress,
  type BulkReach,
  type DeviceBulkCommand,
} from '../deviceBulk';
import { deviceFieldOfPath, devicePayload, emptyDeviceValues, type DeviceValues } from '../deviceForm';
import { UPGRADE_POLICY_FIELDS } from '../devicesScreen';

export interface BulkActionDialogProps {
  readonly action: DeviceBulkAction;
  readonly environmentId: number;
  /** The checked devices (asked of the fleet worker when the action was chosen): the count the dialog names. */
  readonly ids: readonly number[];
  readonly onClose: () => void;
  /** After a run that changed at least one device (the rows' records are fetched again). */
  readonly onChanged: () => void;
}

/** Refused devices listed in the dialog at most; the CSV has them all. */
const REFUSED_SHOWN = 500;

const isGroupAction = (action: DeviceBulkAction) => action === 'add_to_group' || action === 'remove_from_group';

/** The upgrade policy's problems by field, as the device dialog shows them. */
function policyProblems(values: DeviceValues): Record<string, FieldError> {
  const result = UpgradePolicyInputSchema.safeParse(devicePayload(values).device.upgrade_policy);
  if (result.success) return {};
  const problems: Record<string, FieldError> = {};
  for (const problem of fieldProblems(result.error)) {
    const field = deviceFieldOfPath(problem.path) ?? problem.path;
    problems[field] ??= { key: problem.key, params: problem.params ?? [field] };
  }
  return problems;
}

/**
 * One bulk action on the checked devices: what it needs (the policy, the group), a question
 * that names the count ("Disable 50 devices?"; a delete asks to type the count) and, when the
 * user may not change them all, how many they may ("You may change 20 of the 50 selected
 * devices", checked by a dry run as the dialog opens, and why not the others), a progress
 * bar while the calls run (Stop between two), then the report: done, unchanged, and each
 * refused device with its reason, to copy or download as CSV.
 */
export function BulkActionDialog({ action, environmentId, ids, onClose, onChanged }: BulkActionDialogProps) {
  const { t } = useTranslation();
  const count = ids.length;
  const keys = BULK_ACTION_KEYS[action];
  const [values, setValues] = useState<DeviceValues>(() => emptyDeviceValues());
  const [groupId, setGroupId] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [stopping, setStopping] = useState(false);
  const stop = useRef<AbortController | null>(null);
  const groups = useApiValue<readonly Group[]>(
    async (signal) =>
      isGroupAction(action) ? (await api.call(API.groups.list, { params: { environmentId } }, { signal })).groups : [],
    `${environmentId}/${action}`,
  );
  const group = groups.value?.find((candidate) => candidate.id === groupId) ?? null;
  const problems = useMemo(() => (action === 'set_upgrade_policy' ? policyProblems(values) : {}), [action, values]);
  const running = progress !== null && outcome === null;

  const command = (): DeviceBulkCommand | null => {
    switch (action) {
      case 'set_upgrade_policy':
        return Object.keys(problems).length > 0
          ? null
          : { action, upgrade_policy: devicePayload(values).device.upgrade_policy };
      case 'add_to_group':
      case 'remove_from_group':
        return group ? { action, group_id: group.id } : null;
      default:
        return { action };
    }
  };
  // Which of them the user may change, asked once as the dialog opens. A group action refuses
  // only devices gone from the environment, so it is not asked; nor is an invalid policy.
  const reach = useApiValue<BulkReach | null>((signal) => {
    const checked = isGroupAction(action) ? null : command();
    return checked ? checkDeviceBulk(api, environmentId, checked, ids, signal) : Promise.resolve(null);
  }, `${environmentId}/${action}/${count}`);
  const ready = (action !== 'delete' || typed.trim() === String(count)) && (!isGroupAction(action) || group !== null);

  const run = async () => {
    setSubmitted(true);
    const chosen = command();
    if (!chosen || !ready) return;
    const controller = new AbortController();
    stop.current = controller;
    setProgress({ done: 0, total: count });
    const result = await runDeviceBulk(api, environmentId, chosen, ids, {
      onProgress: setProgress,
      signal: controller.signal,
    });
    setOutcome(result);
    if (result.result.done.length > 0) onChanged();
  };

  const close = () => {
    if (!running) onClose();
  };

  return (
    <Dialog
      isOpen
      title={t(keys.label)}
      onClose={close}
      canOutsideClickClose={!running}
      canEscapeKeyClose={!running}
      isCloseButtonShown={!running}
      style={{ width: action === 'set_upgrade_policy' ? 640 : 520 }}
    >
      <DialogBody>
        <div data-testid={TestId.devicesBulk.dialog} data-action={action}>
          {outcome ? (
            <BulkReport outcome={outcome} sent={progress?.done ?? 0} />
          ) : running ? (
            <div data-testid={TestId.devicesBulk.progress}>
              <p>{t(keys.running, { done: progress.done, total: progress.total, count: progress.total })}</p>
              <ProgressBar
                intent={action === 'delete' ? 'danger' : 'primary'}
                value={progress.total === 0 ? 1 : progress.done / progress.total}
              />
            </div>
          ) : (
            <>
              <p className="devices-bulk-question" data-testid={TestId.devicesBulk.question}>
                {t(keys.question, { count, group: group?.name ?? '' })}
              </p>
              <BulkReachNote reach={reach.value ?? null} checking={reach.loading} count={count} />
              {action === 'set_upgrade_policy' && (
                <>
                  <FormGroup label={t('devices.bulk.versionsOf')} labelFor="devices-bulk-versions-of">
                    <HTMLSelect
                      id="devices-bulk-versions-of"
                      value={values.type}
                      onChange={(event) => setValues({ ...values, type: Number(event.currentTarget.value) })}
                      options={[
                        { value: DeviceType.HALO, label: t('devices.type.halo') },
                        { value: DeviceType.DRONECOMMX, label: t('devices.type.dronecommx') },
                      ]}
                    />
                  </FormGroup>
                  {UPGRADE_POLICY_FIELDS.map((field) => (
                    <CrudFormField
                      key={field.name}
                      field={field}
                      resource="devices"
                      values={values}
                      mode="edit"
                      saving={false}
                      problem={submitted ? problems[field.name] : undefined}
                      onChange={setValues}
                    />
                  ))}
                </>
              )}
              {isGroupAction(action) && (
                <FormGroup label={t('devices.bulk.group')} labelFor="devices-bulk-group">
                  {groups.error ? (
                    <Callout intent="danger" icon="error">
                      {errorMessage(t, groups.error)}
                    </Callout>
                  ) : (
                    <HTMLSelect
                      id="devices-bulk-group"
                      fill
                      value={groupId ?? ''}
                      disabled={groups.loading}
                      onChange={(event) => setGroupId(Number(event.currentTarget.value) || null)}
                      options={[
                        { value: '', label: t('devices.bulk.chooseGroup') },
                        ...(groups.value ?? []).map((choice) => ({ value: choice.id, label: choice.name })),
                      ]}
                      data-testid={TestId.devicesBulk.group}
                    />
                  )}
                </FormGroup>
              )}
              {action === 'delete' && (
                <Callout intent="danger" icon="warning-sign">
                  <p>{t('devices.bulk.deleteWarning')}</p>
                  <FormGroup label={t('devices.bulk.typeCount', { count })} labelFor="devices-bulk-typed-count">
                    <InputGroup
                      id="devices-bulk-typed-count"
                      value={typed}
                      inputMode="numeric"
                      autoComplete="off"
                      onValueChange={setTyped}
                      data-testid={TestId.devicesBulk.typedCount}
                    />
                  </FormGroup>
                </Callout>
              )}
            </>
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          outcome ? (
            <Button
              intent="primary"
              text={t('devices.bulk.close')}
              onClick={onClose}
              data-testid={TestId.devicesBulk.close}
            />
          ) : running ? (
            <Button
              text={t('devices.bulk.stop')}
              disabled={stopping}
              onClick={() => {
                stop.current?.abort();
                setStopping(true);
              }}
              data-testid={TestId.devicesBulk.stop}
            />
          ) : (
            <>
              <Button text={t('crud.actions.cancel')} onClick={onClose} data-testid={TestId.devicesBulk.cancel} />
              <Button
                intent={action === 'delete' ? 'danger' : 'primary'}
                text={t(keys.label)}
                disabled={!ready}
                onClick={() => void run()}
                data-testid={TestId.devicesBulk.confirm}
              />
            </>
          )
        }
      />
    </Dialog>
  );
}

/**
 * How many of the selected the user may change, when not all: "You may change 20 of the 50
 * selected devices", then why not the others. Nothing while all may be, or the check failed
 * (the run's report still names each refused device).
 */
function BulkReachNote({
  reach,
  checking,
  count,
}: {
  readonly reach: BulkReach | null;
  readonly checking: boolean;
  readonly count: number;
}) {
  const { t } = useTranslation();
  if (checking)
    return (
      <p className="bp6-text-muted" data-testid={TestId.devicesBulk.reach} data-state="checking">
        {t('devices.bulk.reach.checking')}
      </p>
    );
  if (!reach || reach.may === count) return null;
  return (
    <Callout intent="warning" icon="lock" data-testid={TestId.devicesBulk.reach} data-state="some" data-may={reach.may}>
      <p>{t('devices.bulk.reach.some', { may: reach.may, count })}</p>
      {reach.notAllowed > 0 && <p>{t('devices.bulk.reach.notAllowed', { count: reach.notAllowed })}</p>}
      {reach.notFound > 0 && <p>{t('devices.bulk.reach.notFound', { count: reach.notFound })}</p>}
    </Callout>
  );
}

/** What a bulk action did: counts, why it ended early, and the refused devices with their reasons. */
function BulkReport({ outcome, sent }: { readonly outcome: BulkOutcome; readonly sent: number }) {
  const { t } = useTranslation();
  const { result, error, stopped } = outcome;
  const csv = () => refusedCsv(t, result);
  const detail = error ? errorDetail(t, error) : null;
  return (
    <div className="devices-bulk-report" data-testid={TestId.devicesBulk.report}>
      <p data-testid={TestId.devicesBulk.reportSummary}>
        {t('devices.bulk.report.summary', {
          done: result.done.length,
          unchanged: result.unchanged.length,
          refused: result.refused.length,
        })}
      </p>
      {stopped && (
        <Callout intent="warning" icon="stop">
          {t('devices.bulk.report.stopped', { count: sent })}
        </Callout>
      )}
      {error !== null && (
        <Callout intent="danger" icon="error" data-testid={TestId.devicesBulk.error}>
          <div>{t('devices.bulk.report.failed', { count: sent })}</div>
          <div>{errorMessage(t, error)}</div>
          {detail && <div>{detail}</div>}
        </Callout>
      )}
      {result.refused.length > 0 && (
        <>
          <HTMLTable compact striped className="devices-bulk-refused">
            <thead>
              <tr>
                <th>{t('devices.columns.name')}</th>
                <th>{t('devices.bulk.report.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {result.refused.slice(0, REFUSED_SHOWN).map((refused) => (
                <tr key={refused.device_id} data-testid={TestId.devicesBulk.refused(refused.device_id)}>
                  <td className="devices-import-id">
                    {refused.name ?? t('devices.bulk.report.unknownDevice', { id: refused.device_id })}
                  </td>
                  <td>{t(BULK_REFUSAL_KEYS[refused.reason])}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {result.refused.length > REFUSED_SHOWN && (
            <p className="bp6-text-muted">
              {t('devices.bulk.report.more', { count: result.refused.length - REFUSED_SHOWN })}
            </p>
          )}
          <div className="devices-bulk-report-actions">
            <Button
              icon="duplicate"
              text={t('devices.bulk.report.copy')}
              onClick={() =>
                void copyText(csv()).then(
                  () => notifySuccess(t('devices.bulk.report.copied')),
                  () => undefined,
                )
              }
              data-testid={TestId.devicesBulk.copyReport}
            />
            <Button
              icon="download"
              text={t('devices.bulk.report.download')}
              onClick={() =>
                saveFile(new Blob([csv()], { type: 'text/csv;charset=utf-8' }), `devices-${result.action}-refused.csv`)
              }
              data-testid={TestId.devicesBulk.downloadReport}
            />
          </div>
        </>
      )}
    </div>
  );
}
