import './crud.css';
import { Button, Callout, InputGroup, Spinner } from '@blueprintjs/core';
import { can, LAYOUT_SIZES, TestId } from '@halo/shared';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { api } from '../lib/api';
import { useSessionSubject } from '../lib/session';
import { ConfirmAlert } from './ConfirmAlert';
import { crudTextKeys, validateValues, type CrudScreenDefinition } from './crudDefinition';
import { CrudEmptyState } from './CrudEmptyState';
import { CrudFormDialog } from './CrudFormDialog';
import { createCrudMachine } from './crudMachine';
import { CrudTable, RowButton } from './CrudTable';
import {
  isKeepListSearchNavigationState,
  isListSearchNavigationState,
  listSearch,
  setListSearch,
} from './listSearchStore';
import { createResourceClient } from './resourceClient';

export interface CrudScreenProps<Row, Values> {
  readonly definition: CrudScreenDefinition<Row, Values>;
  /** The loaded rows whenever they change, for screens that show them elsewhere too. */
  readonly onRowsChange?: (rows: readonly Row[]) => void;
  /** After a successful add, update, delete or row action, with its success i18n key. */
  readonly onSuccess?: (successKey: string) => void;
  /** Changing it fetches the list again (another list's change touched this one). */
  readonly reloadKey?: number;
}

/**
 * Any list screen from its declaration: toolbar (search, add), sortable table with row
 * actions, add/edit dialog, delete and action confirmations, empty and error states.
 * Buttons the user's permissions do not open are disabled.
 */
export function CrudScreen<Row, Values>({
  definition,
  onRowsChange,
  onSuccess,
  reloadKey,
}: CrudScreenProps<Row, Values>) {
  const { t } = useTranslation();
  const resource = definition.resource.name;
  const texts = crudTextKeys(definition);
  const searchList = definition.searchList ?? resource;
  // The screen lives inside one session: the environment it starts in is the one it calls.
  const { subject, environmentId } = useSessionSubject();

  const [machine] = useState(() => {
    const client = createResourceClient(api, definition.resource, () => environmentId);
    return createCrudMachine(definition.externalRows ? { ...client, list: () => Promise.resolve([]) } : client, {
      ...definition,
      name: resource,
      successKeys: {
        added: texts.added,
        updated: texts.updated,
        deleted: texts.deleted,
      },
      actionSuccessKeys: Object.fromEntries(
        (definition.rowActions ?? []).map((action) => [action.name, action.successKey]),
      ),
    });
  });
  const [snapshot, send] = useMachine(machine);
  const { context } = snapshot;

  // A global-search result fills the list's search in; any other way here (the menu) clears it.
  const location = useLocation();
  // A screen's own change of its address (KEEP_LIST_SEARCH) leaves it as typed.
  useEffect(() => {
    if (isKeepListSearchNavigationState(location.state)) return;
    setListSearch(searchList, isListSearchNavigationState(location.state) ? location.state.listSearch : '');
  }, [location.key, location.state, searchList]);
  useEffect(() => {
    const subscription = listSearch(searchList).subscribe((text) => send({ type: 'crud.search', text }));
    return () => subscription.unsubscribe();
  }, [searchList, send]);

  const onRowsChangeRef = useRef(onRowsChange);
  const onSuccessRef = useRef(onSuccess);
  useEffect(() => {
    onRowsChangeRef.current = onRowsChange;
    onSuccessRef.current = onSuccess;
  });
  useEffect(() => onRowsChangeRef.current?.(context.rows), [context.rows]);
  useEffect(() => {
    if (context.successKey) onSuccessRef.current?.(context.successKey);
  }, [context.successKey]);
  const seenReloadKey = useRef(reloadKey);
  useEffect(() => {
    if (reloadKey === seenReloadKey.current) return;
    seenReloadKey.current = reloadKey;
    send({ type: 'crud.reload' });
  }, [reloadKey, send]);

  const needle = context.searchText.trim().toLowerCase();
  const { searchText } = definition;
  const visibleRows = useMemo(
    () => (needle ? context.rows.filter((row) => searchText(row).toLowerCase().includes(needle)) : context.rows),
    [context.rows, needle, searchText],
  );

  const canAdd = can(subject, definition.capabilities.add);
  const canUpdate = can(subject, definition.capabilities.update);
  const canDelete = can(subject, definition.capabilities.delete);
  const noPermission = t('crud.list.noPermission');
  const protectedText = texts.protectedRow ? t(texts.protectedRow) : noPermission;
  const pendingAction = context.pendingAction;
  const pendingActionDefinition = definition.rowActions?.find((action) => action.name === pendingAction?.name);

  const renderActions = (row: Row) => {
    const id = definition.rowId(row);
    const isProtected = definition.isProtected?.(row) ?? false;
    const mayUpdate = canUpdate && (definition.canActOn?.(row, subject, 'update') ?? true);
    const mayDelete = canDelete && (definition.canActOn?.(row, subject, 'delete') ?? true);
    return (
      <>
        {definition.rowLinks
          ?.filter((link) => link.visible?.(row, subject) ?? true)
          .map((link) => (
            <RowButton
              key={link.name}
              icon={link.icon}
              label={t(link.labelKey)}
              disabled={false}
              testId={TestId.crud.rowAction(resource, link.name, id)}
              onClick={() => link.onSelect(row)}
            />
          ))}
        <RowButton
          icon="edit"
          label={t('crud.actions.edit')}
          disabled={!mayUpdate || isProtected}
          disabledReason={isProtected ? protectedText : noPermission}
          testId={TestId.crud.edit(resource, id)}
          onClick={() => send({ type: 'crud.edit', row })}
        />
        <RowButton
          icon="trash"
          intent="danger"
          label={t('crud.actions.delete')}
          disabled={!mayDelete || isProtected}
          disabledReason={isProtected ? protectedText : noPermission}
          testId={TestId.crud.delete(resource, id)}
          onClick={() => send({ type: 'crud.delete', row })}
        />
        {definition.rowActions
          ?.filter((action) => action.visible(row, subject))
          .map((action) => (
            <RowButton
              key={action.name}
              icon={action.icon}
              label={t(action.labelKey)}
              disabled={false}
              testId={TestId.crud.rowAction(resource, action.name, id)}
              onClick={() => send({ type: 'crud.action', name: action.name, row })}
            />
          ))}
      </>
    );
  };

  let body;
  if (snapshot.hasTag('failed')) {
    body = (
      <Callout intent="danger" icon="error" data-testid={TestId.crud.listError(resource)}>
        {t(context.listErrorKey ?? 'errors.general')}{' '}
        <Button variant="minimal" text={t('crud.actions.retry')} onClick={() => send({ type: 'crud.reload' })} />
      </Callout>
    );
  } else if (definition.list && definition.externalRows) {
    body = definition.list({
      resource,
      rows: [],
      searchText: context.searchText,
      loads: context.loads,
      rowId: definition.rowId,
      renderActions,
      actionsLabel: t('crud.list.actions'),
    });
  } else if (snapshot.matches('loading')) {
    body = <Spinner size={32} />;
  } else if (context.rows.length === 0) {
    body = (
      <CrudEmptyState
        resource={resource}
        icon="folder-open"
        title={t(texts.emptyTitle)}
        description={t(texts.emptyDescription)}
      />
    );
  } else if (visibleRows.length === 0) {
    body = (
      <CrudEmptyState
        resource={resource}
        icon="search"
        title={t('crud.list.noMatchesTitle')}
        description={t('crud.list.noMatchesDescription', { text: context.searchText })}
      />
    );
  } else if (definition.list) {
    body = definition.list({
      resource,
      rows: visibleRows,
      searchText: context.searchText,
      loads: context.loads,
      rowId: definition.rowId,
      renderActions,
      actionsLabel: t('crud.list.actions'),
    });
  } else {
    body = (
      <CrudTable
        resource={resource}
        rows={visibleRows}
        columns={definition.columns}
        rowId={definition.rowId}
        renderActions={renderActions}
        actionsLabel={t('crud.list.actions')}
      />
    );
  }

  return (
    <section className="crud-screen" data-testid={TestId.crud.screen(resource)}>
      <div className="crud-toolbar">
        <InputGroup
          type="search"
          leftIcon="search"
          value={context.searchText}
          placeholder={t(texts.search)}
          aria-label={t(texts.search)}
          onValueChange={(text) => setListSearch(searchList, text)}
          style={{ width: LAYOUT_SIZES.searchBoxWidth }}
          data-testid={TestId.crud.search(resource)}
        />
        <div className="crud-toolbar-end">
          {definition.toolbar?.()}
          <Button
            intent="primary"
            icon="add"
            text={t(texts.add)}
            disabled={!canAdd}
            title={canAdd ? undefined : noPermission}
            onClick={() => send({ type: 'crud.add' })}
            data-testid={TestId.crud.add(resource)}
          />
        </div>
      </div>
      {body}
      <CrudFormDialog
        definition={definition}
        isOpen={snapshot.hasTag('dialog')}
        mode={context.dialogMode ?? 'add'}
        values={context.values}
        submitted={context.submitted}
        saving={snapshot.hasTag('saving')}
        formError={context.formError}
        onChange={(values) => send({ type: 'crud.change', values })}
        // The problems the dialog shows, by the definition it shows them with.
        onSave={() =>
          send({
            type: 'crud.save',
            invalid: Object.keys(validateValues(definition, context.values, context.dialogMode ?? 'add')).length > 0,
          })
        }
        onCancel={() => send({ type: 'crud.cancel' })}
        subject={subject}
      />
      <ConfirmAlert
        isOpen={snapshot.hasTag('confirmDelete')}
        busy={snapshot.hasTag('busy')}
        icon="trash"
        intent="danger"
        confirmText={t('crud.actions.delete')}
        cancelText={t('crud.actions.cancel')}
        testId={TestId.crud.deleteAlert(resource)}
        onConfirm={() => send({ type: 'crud.confirm' })}
        onCancel={() => send({ type: 'crud.cancel' })}
      >
        {t(texts.deleteBody, { name: context.pendingDelete ? definition.rowLabel(context.pendingDelete) : '' })}
      </ConfirmAlert>
      <ConfirmAlert
        isOpen={snapshot.hasTag('confirmAction')}
        busy={snapshot.hasTag('busy')}
        icon={pendingActionDefinition?.icon ?? 'confirm'}
        intent="warning"
        confirmText={t('crud.actions.confirm')}
        cancelText={t('crud.actions.cancel')}
        testId={TestId.crud.actionAlert(resource)}
        onConfirm={() => send({ type: 'crud.confirm' })}
        onCancel={() => send({ type: 'crud.cancel' })}
      >
        {pendingActionDefinition && pendingAction
          ? t(pendingActionDefinition.confirmKey, { name: definition.rowLabel(pendingAction.row) })
          : null}
      </ConfirmAlert>
    </section>
  );
}
