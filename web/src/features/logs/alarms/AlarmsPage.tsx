import { Button, ButtonGroup, Tag } from '@blueprintjs/core';
import { API, ALARM_PAGE_SIZE_MAX, can, canCall, TestId, type Alarm } from '@halo/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api, errorMessage } from '../../../lib/api';
import { SEVERITY_LABEL_KEYS } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSessionSubject } from '../../../lib/session';
import { ExportButton } from '../components/ExportButton';
import { FilterMenu } from '../components/FilterMenu';
import { LogTable } from '../components/LogTable';
import { TextFilter } from '../components/TextFilter';
import { severityColor } from '../logColumns';
import { withFilter } from '../logQuery';
import '../logs.css';
import { AcknowledgeDialog } from './AcknowledgeDialog';
import { SilencesDialog } from './SilencesDialog';
import { WebhooksDialog } from './WebhooksDialog';
import { alarmColumns } from './alarmColumns';
import { ALARM_SEVERITIES, alarmQuery, readAlarmFilters } from './alarmFilters';
import { useSelection } from './alarmSelection';
import { useLiveAlarmPage } from './useLiveAlarmPage';

/** Alarms shown at first, and how many more each "show more" adds. */
const PAGE_STEP = 100;

/**
 * /logs/alarms: the environment's alarms, active first, the worst and oldest first; filters
 * (state, severities, acknowledged, device) in the address; select one or many and
 * acknowledge them with a note; everything the filters select as CSV. Live: the gateway's
 * alarm stream brings each alarm that opened, changed or cleared (useLiveAlarmPage.ts).
 */
export function AlarmsPage() {
  const { t, i18n } = useTranslation();
  const { environmentId, subject } = useSessionSubject();
  const [params, setParams] = useSearchParams();
  const filters = readAlarmFilters(params);
  const view = `${environmentId}?${params.toString()}`;
  const [shown, setShown] = useState({ view, limit: PAGE_STEP });
  const limit = shown.view === view ? shown.limit : PAGE_STEP;
  const query = alarmQuery(filters);
  const page = useLiveAlarmPage(environmentId, filters, view, `${view}|${limit}`, (signal) =>
    api.call(API.alarms.list, { params: { environmentId }, query: { ...query, page_size: limit } }, { signal }),
  );
  const alarms = useMemo(() => page.value?.alarms ?? [], [page.value]);
  const total = page.value?.total ?? 0;
  const selection = useSelection(alarms, view);
  const [acknowledging, setAcknowledging] = useState<'asking' | 'sending' | null>(null);
  const mayAcknowledge = canCall(subject, API.alarms.acknowledge);
  const maySilence = can(subject, 'alarms.silence');
  const [silencing, setSilencing] = useState(false);
  const mayManageWebhooks = can(subject, 'alarms.webhooks');
  const [managingWebhooks, setManagingWebhooks] = useState(false);
  const selectedDevices = [
    ...new Set(alarms.filter((alarm) => selection.selected.has(alarm.id)).map((alarm) => alarm.device_id)),
  ];

  const acknowledge = (note: string) => {
    setAcknowledging('sending');
    api
      .call(API.alarms.acknowledge, {
        params: { environmentId },
        body: { ids: [...selection.selected], note: note.trim() || null },
      })
      .then((result) => {
        const done = result.acknowledged.length;
        const skipped = result.already_acknowledged.length + result.not_found.length;
        notifySuccess(
          skipped > 0
            ? t('alarms.acknowledge.doneSome', { count: done, skipped })
            : t('alarms.acknowledge.done', { count: done }),
        );
        selection.clear();
        setAcknowledging(null);
        page.reload();
      })
      .catch((error: unknown) => {
        notifyError(errorMessage(t, error));
        setAcknowledging('asking');
      });
  };

  const setFilter = (name: string, value: string | readonly (string | number)[]) =>
    setParams(withFilter(params, name, value));
  const columns = alarmColumns(t, selection, { withSelection: mayAcknowledge || maySilence });

  return (
    <section className="logs-screen" data-testid={TestId.logs.screen('alarms')}>
      <div className="logs-toolbar">
        <ButtonGroup aria-label={t('alarms.filters.state')}>
          {(['all', 'active', 'cleared'] as const).map((choice) => (
            <Button
              key={choice}
              text={t(`alarms.filters.states.${choice}`)}
              active={(filters.state ?? 'all') === choice}
              onClick={() => setFilter('state', choice === 'all' ? '' : choice)}
              data-testid={TestId.alarms.state(choice)}
            />
          ))}
        </ButtonGroup>
        <FilterMenu
          name="severities"
          labelKey="logs.columns.severity"
          options={ALARM_SEVERITIES.map((value) => ({ value, labelKey: SEVERITY_LABEL_KEYS[value] }))}
          selected={filters.severities}
          onChange={(selected) => setFilter('severities', selected)}
        />
        <ButtonGroup aria-label={t('alarms.filters.acknowledged')}>
          {(['all', 'no', 'yes'] as const).map((choice) => (
            <Button
              key={choice}
              text={t(`alarms.filters.acknowledgedChoices.${choice}`)}
              active={(filters.acknowledged === null ? 'all' : filters.acknowledged ? 'yes' : 'no') === choice}
              onClick={() => setFilter('acknowledged', choice === 'all' ? '' : choice)}
              data-testid={TestId.alarms.acknowledgedFilter(choice)}
            />
          ))}
        </ButtonGroup>
        <TextFilter
          value={filters.deviceName}
          onCommit={(value) => setFilter('device', value)}
          icon="satellite"
          labelKey="logs.columns.device"
          testId={TestId.logs.device}
        />
        <span className="logs-toolbar-spacer" />
        <Tag minimal round data-testid={TestId.alarms.total}>
          {t('alarms.list.total', { shown: alarms.length, count: total })}
        </Tag>
        {mayAcknowledge && (
          <Button
            icon="endorsed"
            intent="primary"
            disabled={selection.selected.size === 0}
            text={t('alarms.acknowledge.button', { count: selection.selected.size })}
            onClick={() => setAcknowledging('asking')}
            data-testid={TestId.alarms.acknowledge}
          />
        )}
        {maySilence && (
          <Button
            icon="notifications-snooze"
            text={t('alarms.silences.button')}
            onClick={() => setSilencing(true)}
            data-testid={TestId.alarms.silences}
          />
        )}
        {mayManageWebhooks && (
          <Button
            icon="send-message"
            text={t('alarms.webhooks.button')}
            onClick={() => setManagingWebhooks(true)}
            data-testid={TestId.alarms.webhooks}
          />
        )}
        <Button icon="refresh" minimal aria-label={t('logs.list.refresh')} onClick={page.reload} />
        <ExportButton
          download={(lang) => api.call(API.alarms.export, { params: { environmentId }, query: { ...query, lang } })}
        />
      </div>
      <LogTable
        columns={columns}
        entries={alarms}
        loading={page.loading && page.value === undefined}
        error={page.error}
        hasMore={alarms.length < total && limit < ALARM_PAGE_SIZE_MAX}
        onLoadOlder={() => setShown({ view, limit: Math.min(ALARM_PAGE_SIZE_MAX, limit + PAGE_STEP) })}
        olderLabelKey="alarms.list.more"
        accentOf={(alarm: Alarm) => (alarm.state === 'active' ? severityColor(alarm.severity) : undefined)}
        emptyKey="alarms.list.empty"
      />
      {silencing && (
        <SilencesDialog
          environmentId={environmentId}
          deviceIds={selectedDevices}
          onClose={() => setSilencing(false)}
          onChanged={page.reload}
        />
      )}
      {managingWebhooks && <WebhooksDialog environmentId={environmentId} onClose={() => setManagingWebhooks(false)} />}
      {acknowledging && (
        <AcknowledgeDialog
          key={i18n.language}
          count={selection.selected.size}
          busy={acknowledging === 'sending'}
          onConfirm={acknowledge}
          onClose={() => setAcknowledging(null)}
        />
      )}
    </section>
  );
}
