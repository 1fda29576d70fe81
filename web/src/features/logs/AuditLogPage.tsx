import './logs.css';
import { Button, Tag } from '@blueprintjs/core';
import {
  API,
  AuditAction,
  AuditResource,
  formatTimestamp,
  TestId,
  type FieldChange,
  type UserAudit,
} from '@halo/shared';

import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../lib/api';
import { AUDIT_ACTION_LABEL_KEYS, AUDIT_RESOURCE_LABEL_KEYS, auditDetailText, codeLabelText } from '../../lib/i18n';
import { useSessionSubject } from '../../lib/session';
import { ExportButton } from './components/ExportButton';
import { FilterMenu } from './components/FilterMenu';
import { LogTable, type LogColumn } from './components/LogTable';
import { TextFilter } from './components/TextFilter';
import { TimeRangePicker } from './components/TimeRangePicker';
import { oneOfNames, readList, readText, readTimeRange, timeBounds, withFilter, writeTimeRange } from './logQuery';
import { useLogPages } from './useLogPages';
import { useServerTime } from './useServerTime';

const PAGE_SIZE = 100;
const RESOURCES = Object.values(AuditResource);
const ACTIONS = Object.values(AuditAction);

function ChangeList({ entry }: { readonly entry: UserAudit }) {
  const { t } = useTranslation();
  const detail = auditDetailText(t, entry);
  if (entry.changes.length === 0) return <span dir="auto">{detail}</span>;
  const describe = (change: FieldChange) =>
    change.old === null && change.new === null ? (
      t('logs.audit.changedSecret')
    ) : (
      <>
        <del>{change.old ?? '∅'}</del> → <ins>{change.new ?? '∅'}</ins>
      </>
    );
  return (
    <div data-testid={TestId.logs.changes(entry.id)}>
      {detail && <div dir="auto">{detail}</div>}
      <ul className="logs-changes">
        {entry.changes.map((change) => (
          <li key={change.field}>
            <code>{change.field}</code> <span dir="ltr">{describe(change)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /logs/audit-log: who changed what, when, with the old and new value of each changed field;
 * filters (free text, time range, resources, actions) kept in the address; older pages by
 * cursor; everything the filters select as CSV.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const { environmentId } = useSessionSubject();
  const serverTime = useServerTime();
  const [params, setParams] = useSearchParams();
  const range = readTimeRange(params);
  const text = readText(params, 'q');
  const resources = readList(params, 'resources', oneOfNames(RESOURCES));
  const actions = readList(params, 'actions', oneOfNames(ACTIONS));
  const filters = () => ({
    ...timeBounds(range, serverTime()),
    ...(text ? { free_text: text } : {}),
    ...(resources.length ? { resources } : {}),
    ...(actions.length ? { actions } : {}),
  });
  const pages = useLogPages<UserAudit>(
    async (olderThan, signal) =>
      (
        await api.call(
          API.logs.userAudits,
          {
            params: { environmentId },
            query: { ...filters(), page_size: PAGE_SIZE, ...(olderThan ? { object_id: olderThan } : {}) },
          },
          { signal },
        )
      ).user_audits,
    `${environmentId}?${params.toString()}`,
    { pageSize: PAGE_SIZE },
  );
  const columns: LogColumn<UserAudit>[] = [
    {
      key: 'time',
      labelKey: 'logs.columns.time',
      className: 'logs-time',
      render: (entry) => <span dir="ltr">{formatTimestamp(entry.time)}</span>,
    },
    { key: 'user', labelKey: 'logs.columns.user', render: (entry) => entry.user },
    {
      key: 'resource',
      labelKey: 'logs.columns.resource',
      render: (entry) => codeLabelText(t, 'auditResource', entry.resource),
    },
    {
      key: 'action',
      labelKey: 'logs.columns.action',
      render: (entry) => <Tag minimal>{codeLabelText(t, 'auditAction', entry.action)}</Tag>,
    },
    { key: 'name', labelKey: 'logs.columns.name', render: (entry) => <span dir="auto">{entry.name}</span> },
    { key: 'detail', labelKey: 'logs.columns.detail', render: (entry) => <ChangeList entry={entry} /> },
  ];
  return (
    <section className="logs-screen" data-testid={TestId.logs.screen('audit')}>
      <div className="logs-toolbar">
        <TimeRangePicker value={range} onChange={(next) => setParams(writeTimeRange(params, next))} />
        <TextFilter
          value={text}
          onCommit={(value) => setParams(withFilter(params, 'q', value))}
          icon="search"
          labelKey="logs.audit.search"
          testId={TestId.logs.text}
        />
        <FilterMenu
          name="resources"
          labelKey="logs.columns.resource"
          options={RESOURCES.map((value) => ({ value, labelKey: AUDIT_RESOURCE_LABEL_KEYS[value] }))}
          selected={resources}
          onChange={(selected) => setParams(withFilter(params, 'resources', selected))}
        />
        <FilterMenu
          name="actions"
          labelKey="logs.columns.action"
          options={ACTIONS.map((value) => ({ value, labelKey: AUDIT_ACTION_LABEL_KEYS[value] }))}
          selected={actions}
          onChange={(selected) => setParams(withFilter(params, 'actions', selected))}
        />
        <span className="logs-toolbar-spacer" />
        <Button icon="refresh" minimal aria-label={t('logs.list.refresh')} onClick={pages.reload} />
        <ExportButton
          download={(lang) =>
            api.call(API.logs.userAuditsExport, { params: { environmentId }, query: { ...filters(), lang } })
          }
        />
      </div>
      <LogTable
        columns={columns}
        entries={pages.entries}
        loading={pages.loading}
        error={pages.error}
        hasMore={pages.hasMore}
        onLoadOlder={pages.loadOlder}
        emptyKey="logs.audit.empty"
      />
    </section>
  );
}
