import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import {
  API,
  SEVERITY_COLORS,
  SEVERITY_NAMES,
  severityCounts,
  TestId,
  type Threshold,
  type ThresholdLevel,
  type ThresholdMetadata,
} from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, useApiValue } from '../../../lib/api';
import { attributeLabelKey, SEVERITY_LABEL_KEYS } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import {
  formOf,
  formProblems,
  payloadOf,
  previewValues,
  worseUpward,
  type ThresholdFormValues,
} from '../thresholdForm';
import { LEVEL_LABEL_KEYS, unitText } from '../thresholdLabels';

export interface ThresholdDialogProps {
  readonly threshold: Threshold | null;
  readonly metadata: ThresholdMetadata | undefined;
  /** The environment the threshold belongs to (readings) and the one above it (the edit's path). */
  readonly environmentId: number;
  readonly managingEnvironmentId: number;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}

/**
 * Edits one threshold: each value that applies to the attribute, in its unit, with which way
 * is worse spelled out; as the values change it counts how many of the environment's devices
 * would be in each severity right now. Problems show under their field as they are typed.
 */
export function ThresholdDialog(props: ThresholdDialogProps) {
  const { t } = useTranslation();
  const { threshold, metadata } = props;
  const attribute = threshold ? attributeLabelKey(threshold.device_attribute_type) : null;
  return (
    <Dialog
      isOpen={threshold !== null}
      onClose={props.onClose}
      title={t('thresholds.dialog.title', { attribute: attribute ? t(attribute) : '' })}
      icon="timeline-bar-chart"
      style={{ width: 560 }}
    >
      {threshold && metadata && (
        <ThresholdForm key={threshold.id} {...props} threshold={threshold} metadata={metadata} />
      )}
    </Dialog>
  );
}

function ThresholdForm(
  props: ThresholdDialogProps & { readonly threshold: Threshold; readonly metadata: ThresholdMetadata },
) {
  const { t } = useTranslation();
  const { threshold, metadata } = props;
  const [form, setForm] = useState<ThresholdFormValues>(() => formOf(threshold));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const readings = useApiValue(
    async (signal) =>
      (
        await api.call(
          API.thresholds.readings,
          { params: { environmentId: props.environmentId, id: threshold.id } },
          { signal },
        )
      ).readings,
    `${props.environmentId}/${threshold.id}`,
  );
  const problems = formProblems(threshold, form);
  const valid = Object.keys(problems).length === 0;
  const counts = readings.value ? severityCounts(readings.value, previewValues(form), metadata) : null;
  const unit = unitText(t, metadata.unit);
  const setValue = (level: ThresholdLevel, text: string) =>
    setForm((current) => ({ ...current, values: { ...current.values, [level]: text } }));

  const save = () => {
    setSaving(true);
    setFailure(null);
    api
      .call(
        API.thresholds.update,
        {
          params: { environmentId: props.managingEnvironmentId, id: threshold.id },
          body: payloadOf(threshold, form) as never,
        },
        { discardAnswer: true },
      )
      .then(() => {
        notifySuccess(t('thresholds.page.saved'));
        props.onSaved();
      })
      .catch((error: unknown) => setFailure(error))
      .finally(() => setSaving(false));
  };

  return (
    <form
      data-testid={TestId.thresholds.dialog}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) save();
      }}
    >
      <DialogBody>
        <p className="bp6-text-muted">
          {t(worseUpward(metadata) ? 'thresholds.dialog.higherIsWorse' : 'thresholds.dialog.lowerIsWorse', {
            min: metadata.min_value,
            max: metadata.max_value,
            unit,
          })}
        </p>
        {metadata.levels.map((level) => {
          const problem = problems[level];
          return (
            <FormGroup
              key={level}
              inline
              className="thresholds-value"
              label={t(LEVEL_LABEL_KEYS[level])}
              labelFor={`threshold-${level}`}
              intent={problem ? 'danger' : 'none'}
              helperText={
                problem
                  ? t(problem.key, Object.fromEntries((problem.params ?? []).map((param, index) => [index, param])))
                  : undefined
              }
            >
              <InputGroup
                id={`threshold-${level}`}
                inputMode="decimal"
                value={form.values[level]}
                intent={problem ? 'danger' : 'none'}
                rightElement={<Tag minimal>{unit}</Tag>}
                onChange={(event) => setValue(level, event.currentTarget.value)}
                dir="ltr"
                data-testid={TestId.thresholds.value(level)}
              />
            </FormGroup>
          );
        })}
        <p className="bp6-text-muted bp6-text-small">{t('thresholds.dialog.backToSafetyHelp')}</p>
        <Switch
          checked={form.shouldAlert}
          label={t('thresholds.dialog.shouldAlert')}
          onChange={(event) => setForm((current) => ({ ...current, shouldAlert: event.currentTarget.checked }))}
          data-testid={TestId.thresholds.shouldAlert}
        />
        <div className="thresholds-preview">
          <strong>{t('thresholds.dialog.preview')}</strong>
          {counts ? (
            <div className="thresholds-preview-counts">
              {SEVERITY_NAMES.map((name, index) => (
                <Tag
                  key={name}
                  large
                  minimal
                  style={{ color: SEVERITY_COLORS[name] }}
                  data-testid={TestId.thresholds.preview(name)}
                >
                  {t(SEVERITY_LABEL_KEYS[index as 0 | 1 | 2 | 3])}: {counts[index]}
                </Tag>
              ))}
              <span className="bp6-text-muted bp6-text-small">
                {t('thresholds.dialog.previewOf', { count: readings.value?.length ?? 0 })}
              </span>
            </div>
          ) : readings.error ? (
            <span className="bp6-text-muted">{errorMessage(t, readings.error)}</span>
          ) : (
            <Spinner size={16} />
          )}
        </div>
        {failure !== null && (
          <Callout intent="danger" icon="error" role="alert" data-testid={TestId.thresholds.error}>
            {errorMessage(t, failure)}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('thresholds.dialog.cancel')} onClick={props.onClose} />
            <Button
              type="submit"
              intent="primary"
              text={t('thresholds.dialog.save')}
              loading={saving}
              disabled={!valid}
              data-testid={TestId.thresholds.save}
            />
          </>
        }
      />
    </form>
  );
}
