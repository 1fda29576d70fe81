import './thresholds.css';
import { Button, Callout, HTMLSelect, HTMLTable, Icon, NonIdealState, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import {
  API,
  can,
  TestId,
  THRESHOLD_LEVELS,
  type Environment,
  type Threshold,
  type ThresholdMetadata,
} from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, useApiValue } from '../../lib/api';
import { attributeLabelKey } from '../../lib/i18n';
import { useSessionSubject } from '../../lib/session';
import { ThresholdDialog } from './components/ThresholdDialog';
import { worseUpward } from './thresholdForm';
import { LEVEL_LABEL_KEYS, unitText } from './thresholdLabels';

interface EnvironmentChoice {
  readonly id: number;
  readonly name: string;
  /** The environment its thresholds are set through (spec: the parent; the root sets its own). */
  readonly managedThrough: number;
}

/**
 * /admin/thresholds: the thresholds of the session's environment, or of one below it, edit
 * only. A sub-environment's limits are set by the environment above it, so its own list is
 * read only there and says so; an Edit opens the threshold dialog.
 */
export function ThresholdsPage() {
  const { t } = useTranslation();
  const { session, subject } = useSessionSubject();
  const own: EnvironmentChoice = {
    id: session?.environment_id ?? 0,
    name: session?.environment_name ?? '',
    managedThrough: session?.parent_environment_id ?? session?.environment_id ?? 0,
  };
  const canListEnvironments = can(subject, 'environments.view');
  const environments = useApiValue<readonly Environment[]>(
    async (signal) =>
      canListEnvironments
        ? (await api.call(API.environments.list, { params: { environmentId: own.id } }, { signal })).environments
        : [],
    `${own.id}/${canListEnvironments}`,
  );
  const choices: EnvironmentChoice[] = [
    own,
    ...(environments.value ?? []).map((environment) => ({
      id: environment.id,
      name: environment.name,
      managedThrough: environment.parent_id ?? environment.id,
    })),
  ];
  const [selectedId, setSelectedId] = useState(own.id);
  const selected = choices.find((choice) => choice.id === selectedId) ?? own;
  // The caller reaches its own environment and those below it, so it can set what they manage.
  const reachable = (id: number) => id === own.id || choices.some((choice) => choice.id === id && choice.id !== own.id);
  const mayEdit = can(subject, 'thresholds.update') && reachable(selected.managedThrough);

  const metadata = useApiValue<readonly ThresholdMetadata[]>(
    async (signal) =>
      (await api.call(API.thresholds.metadata, { params: { environmentId: own.id } }, { signal })).thresholds_metadata,
    String(own.id),
  );
  const thresholds = useApiValue<readonly Threshold[]>(
    async (signal) =>
      (await api.call(API.thresholds.list, { params: { environmentId: selected.id } }, { signal })).thresholds,
    String(selected.id),
  );
  const [editing, setEditing] = useState<Threshold | null>(null);
  const metadataOf = (type: number) => metadata.value?.find((entry) => entry.device_attribute_type === type);
  const format = (value: number | null) => (value === null ? '–' : String(value));

  return (
    <section className="thresholds-screen">
      <div className="thresholds-toolbar">
        <label className="bp6-label bp6-inline">
          {t('thresholds.page.environment')}
          <HTMLSelect
            value={String(selected.id)}
            onChange={(event) => setSelectedId(Number(event.currentTarget.value))}
            options={choices.map((choice) => ({ value: String(choice.id), label: choice.name }))}
            data-testid={TestId.thresholds.environment}
          />
        </label>
      </div>
      {!mayEdit && can(subject, 'thresholds.update') && (
        <Callout icon="lock" data-testid={TestId.thresholds.managedAbove}>
          {t('thresholds.page.managedAbove')}
        </Callout>
      )}
      {thresholds.error !== null || metadata.error !== null ? (
        <Callout intent="danger" icon="error" role="alert">
          {errorMessage(t, thresholds.error ?? metadata.error)}
        </Callout>
      ) : thresholds.loading && !thresholds.value ? (
        <Spinner />
      ) : (thresholds.value ?? []).length === 0 ? (
        <NonIdealState icon="timeline-bar-chart" title={t('thresholds.page.empty')} />
      ) : (
        <HTMLTable compact striped className="thresholds-table">
          <thead>
            <tr>
              <th>{t('thresholds.columns.attribute')}</th>
              <th>{t('thresholds.columns.unit')}</th>
              {THRESHOLD_LEVELS.map((level) => (
                <th key={level}>{t(LEVEL_LABEL_KEYS[level])}</th>
              ))}
              <th>{t('thresholds.columns.shouldAlert')}</th>
              <th aria-label={t('thresholds.columns.actions')} />
            </tr>
          </thead>
          <tbody>
            {(thresholds.value ?? []).map((threshold) => {
              const info = metadataOf(threshold.device_attribute_type);
              const attribute = attributeLabelKey(threshold.device_attribute_type);
              return (
                <tr key={threshold.id} data-testid={TestId.thresholds.row(threshold.device_attribute_type)}>
                  <td>
                    {attribute ? t(attribute) : threshold.device_attribute_type}{' '}
                    {info && (
                      <Tooltip content={t(worseUpward(info) ? 'thresholds.page.worseUp' : 'thresholds.page.worseDown')}>
                        <Icon
                          icon={worseUpward(info) ? 'arrow-up' : 'arrow-down'}
                          size={12}
                          className="bp6-text-muted"
                        />
                      </Tooltip>
                    )}
                  </td>
                  <td data-testid={TestId.thresholds.unit(threshold.device_attribute_type)}>
                    {unitText(t, info?.unit)}
                  </td>
                  {THRESHOLD_LEVELS.map((level) => (
                    <td key={level} dir="ltr" className="thresholds-number">
                      {format(threshold.threshold_values[level])}
                    </td>
                  ))}
                  <td>
                    {threshold.should_alert ? (
                      <Tag intent="warning" minimal icon="notifications">
                        {t('thresholds.page.alerting')}
                      </Tag>
                    ) : (
                      '–'
                    )}
                  </td>
                  <td>
                    <Tooltip
                      content={
                        mayEdit
                          ? ''
                          : t(
                              can(subject, 'thresholds.update')
                                ? 'thresholds.page.managedAbove'
                                : 'crud.list.noPermission',
                            )
                      }
                      disabled={mayEdit}
                    >
                      <Button
                        size="small"
                        minimal
                        icon="edit"
                        text={t('thresholds.page.edit')}
                        disabled={!mayEdit || !info}
                        onClick={() => setEditing(threshold)}
                        data-testid={TestId.thresholds.edit(threshold.device_attribute_type)}
                      />
                    </Tooltip>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      <ThresholdDialog
        threshold={editing}
        metadata={editing ? metadataOf(editing.device_attribute_type) : undefined}
        environmentId={selected.id}
        managingEnvironmentId={selected.managedThrough}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          thresholds.reload();
        }}
      />
    </section>
  );
}
