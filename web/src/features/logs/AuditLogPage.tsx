import { Tag } from '@blueprintjs/core';
import { API, AuditAction, AuditResource, TestId, type FieldChange, type UserAudit } from '@halo/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTION_LABEL_KEYS, AUDIT_RESOURCE_LABEL_KEYS, auditDetailText, codeLabelText } from '../../lib/i18n';
import { FilterMenu } from './components/FilterMenu';
import type { LogColumn } from './components/LogTable';
import { TextFilter } from './components/TextFilter';
import { oneOfNames, readList, readText } from './logQuery';
import { LogScreen } from './LogScreen';
import { defineLogScreen } from './logScreenDefinition';
import { useLogScreen } from './useLogScreen';
import { Timestamp } from '../../lib/time-zone';

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

const auditColumns = (t: TFunction): LogColumn<UserAudit>[] => [
  {
    key: 'time',
    labelKey: 'logs.columns.time',
    className: 'logs-time',
    render: (entry) => (
      <span dir="ltr">
        <Timestamp iso={entry.time} />
      </span>
    ),
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

/** The audit log's filters: free text, resources and actions (the time range is the kit's). */
const auditLog = defineLogScreen({
  name: 'audit',
  endpoints: { list: API.logs.userAudits, export: API.logs.userAuditsExport },
  rowsOf: (answer) => answer.user_audits,
  readFilters: (params) => ({
    text: readText(params, 'q'),
    resources: readList(params, 'resources', oneOfNames(RESOURCES)),
    actions: readList(params, 'actions', oneOfNames(ACTIONS)),
  }),
  toQuery: ({ text, resources, actions }) => ({
    ...(text ? { free_text: text } : {}),
    ...(resources.length ? { resources } : {}),
    ...(actions.length ? { actions } : {}),
  }),
  columns: auditColumns,
  emptyKey: 'logs.audit.empty',
});

/**
 * /logs/audit-log: who changed what, when, with the old and new value of each changed field;
 * filters (free text, time range, resources, actions) kept in the address; older pages by
 * cursor; everything the filters select as CSV.
 */
export function AuditLogPage() {
  const screen = useLogScreen(auditLog);
  const { text, resources, actions } = screen.filters;
  return (
    <LogScreen
      screen={screen}
      filters={
        <>
          <TextFilter
            value={text}
            onCommit={(value) => screen.setFilter('q', value)}
            icon="search"
            labelKey="logs.audit.search"
            testId={TestId.logs.text}
          />
          <FilterMenu
            name="resources"
            labelKey="logs.columns.resource"
            options={RESOURCES.map((value) => ({ value, labelKey: AUDIT_RESOURCE_LABEL_KEYS[value] }))}
            selected={resources}
            onChange={(selected) => screen.setFilter('resources', selected)}
          />
          <FilterMenu
            name="actions"
            labelKey="logs.columns.action"
            options={ACTIONS.map((value) => ({ value, labelKey: AUDIT_ACTION_LABEL_KEYS[value] }))}
            selected={actions}
            onChange={(selected) => screen.setFilter('actions', selected)}
          />
        </>
      }
    />
  );
}
