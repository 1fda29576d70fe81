import './devices.css';
import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { can, DeviceType, TestId, type Device, type DeviceBulkAction } from '@halo/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudScreen, type CrudListProps } from '../../crud';
import { DeviceLogDialog, SilenceBanner } from '../logs';
import { api } from '../../lib/api';
import {
  appFleet,
  appSummary,
  DEVICE_STATUS_FILTERS,
  isDeviceStatusFilter,
  type ChannelFleet,
  type FleetRow,
  type FleetTableQuery,
} from '../../lib/fleet';
import { notifyError } from '../../lib/notify';
import { useObservableValue } from '../../lib/realtime';
import { useSessionSubject } from '../../lib/session';
import { BulkActionDialog } from './components/BulkActionDialog';
import { BulkActionsMenu } from './components/BulkActionsMenu';
import { DeviceFiltersMenu } from './components/DeviceFiltersMenu';
import { DeviceImportDialog } from './components/DeviceImportDialog';
import { DevicesExportButton } from './components/DevicesExportButton';
import { deviceExportColumns } from './components/deviceColumns';
import { DevicesTable, type DevicesTableProps } from './components/DevicesTable';
import { DroneCommXPanel } from './components/DroneCommXPanel';
import { RfRecordingsDialog } from './components/RfRecordingsDialog';
import { SavedViewsMenu } from './components/SavedViewsMenu';
import { fetchServerRecords, useDeviceRecords } from './deviceRecords';
import { devicesScreen } from './devicesScreen';
import { FEED_STATE_LABEL_KEYS, STATUS_FILTER_LABEL_KEYS } from './deviceLabels';
import { mayActInBulk } from './deviceBulk';
import { deviceGroupNames } from './deviceGroups';
import { devicesViewQuery } from './devicesView';
import { useDevicesView, type DevicesViewChange } from './useDevicesView';

export { DEVICE_STATUS_PARAM } from './devicesView';

/**
 * /config/devices: the devices on the CRUD kit with a live, virtualised table, filters, sort
 * and search in the address (saved as named views), checked rows for bulk actions, a CSV
 * export of what the filter shows, CSV import, RF recordings per device and the DroneCommX panel.
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const { subject, environmentId } = useSessionSubject();
  const fleet = useMemo(() => appFleet(environmentId), [environmentId]);
  // The silences in force, as Home and the wall say them: a table of quiet devices may be a silenced one (issue 39, item 2).
  const summary = useMemo(() => appSummary(environmentId), [environmentId]);
  const alarmCounts = useObservableValue(summary.summary$, null)?.alarms;
  const feedState = useObservableValue(fleet.state$, { kind: 'connecting' } as const);

  const { view, changeView } = useDevicesView();
  const status = view.status;
  const [importOpen, setImportOpen] = useState(false);
  // The bulk action chosen and the devices it is for (the checked ones when it was chosen).
  const [bulk, setBulk] = useState<{ readonly action: DeviceBulkAction; readonly ids: readonly number[] } | null>(null);
  const selectable = mayActInBulk(subject);
  const chooseBulkAction = useCallback(
    (action: DeviceBulkAction) => {
      fleet.table.selectedIds().then(
        (ids) => {
          if (ids.length > 0) setBulk({ action, ids });
        },
        () => notifyError(t('errors.general')),
      );
    },
    [fleet, t],
  );
  const renderSelectionActions = useCallback(
    () => <BulkActionsMenu subject={subject} onChoose={chooseBulkAction} />,
    [subject, chooseBulkAction],
  );
  const [reloadKey, setReloadKey] = useState(0);
  const [rfDevice, setRfDevice] = useState<Device | null>(null);
  const [panelDevice, setPanelDevice] = useState<Device | null>(null);
  const canAdd = can(subject, 'devices.add');
  const canViewRf = can(subject, 'rfRecordings.view');
  const canViewLogs = can(subject, 'logs.view');
  const canViewGroups = can(subject, 'groups.view');
  const [logDevice, setLogDevice] = useState<Device | null>(null);
  const panelLive$ = useMemo(() => (panelDevice ? fleet.device$(panelDevice.id) : null), [fleet, panelDevice]);

  // The servers' records, for the port range a new server is offered: read on opening and
  // again after every change made here.
  const servers = useRef<readonly Device[]>([]);
  const loadServers = useCallback(() => {
    void fetchServerRecords(api, environmentId)
      .then((found) => (servers.current = found))
      .catch(() => undefined);
  }, [environmentId]);
  useEffect(loadServers, [loadServers]);
  const live = feedState.kind === 'live';

  const definition = useMemo(
    () =>
      devicesScreen({
        list: (props) => (
          <LiveDevicesList
            {...props}
            fleet={fleet}
            environmentId={environmentId}
            view={view}
            onViewChange={changeView}
            live={live}
            selectable={selectable}
            renderSelectionActions={renderSelectionActions}
          />
        ),
        knownServers: () => servers.current,
        toolbar: () => (
          <>
            <Tag
              minimal
              icon={feedState.kind === 'live' ? 'feed' : 'time'}
              intent={feedState.kind === 'live' ? 'success' : feedState.kind === 'refused' ? 'danger' : 'warning'}
              data-testid={TestId.devices.liveState}
              data-state={feedState.kind}
            >
              {t(FEED_STATE_LABEL_KEYS[feedState.kind])}
            </Tag>
            <HTMLSelect
              value={status}
              aria-label={t('devices.filter.label')}
              onChange={(event) => {
                const next = event.currentTarget.value;
                if (isDeviceStatusFilter(next)) changeView({ status: next });
              }}
              options={DEVICE_STATUS_FILTERS.map((filter) => ({
                value: filter,
                label: t(STATUS_FILTER_LABEL_KEYS[filter]),
              }))}
              data-testid={TestId.devices.statusFilter}
            />
            <DeviceFiltersMenu view={view} onChange={changeView} />
            <DevicesExportButton
              table={fleet.table}
              columns={() => deviceExportColumns(t, { groups: canViewGroups })}
              groups={canViewGroups ? () => deviceGroupNames(api, environmentId) : null}
            />
            <SavedViewsMenu environmentId={environmentId} query={devicesViewQuery(view)} />
            <Button
              icon="import"
              text={t('devices.import.open')}
              disabled={!canAdd}
              title={canAdd ? undefined : t('crud.list.noPermission')}
              onClick={() => setImportOpen(true)}
              data-testid={TestId.devices.importOpen}
            />
          </>
        ),
        rowLinks: [
          {
            name: 'panel',
            icon: 'panel-stats',
            labelKey: 'devices.panel.open',
            visible: (row) => row.type === DeviceType.DRONECOMMX,
            onSelect: setPanelDevice,
          },
          {
            name: 'rf',
            icon: 'record',
            labelKey: 'devices.rf.open',
            visible: () => canViewRf,
            onSelect: setRfDevice,
          },
          {
            name: 'log',
            icon: 'history',
            labelKey: 'devices.log.open',
            visible: () => canViewLogs,
            onSelect: setLogDevice,
          },
        ],
      }),
    [
      fleet,
      environmentId,
      view,
      changeView,
      status,
      live,
      selectable,
      renderSelectionActions,
      feedState.kind,
      t,
      canAdd,
      canViewRf,
      canViewLogs,
      canViewGroups,
    ],
  );

  return (
    <div className="devices-page">
      <div className="devices-main">
        <SilenceBanner counts={alarmCounts} />
        <CrudScreen definition={definition} reloadKey={reloadKey} onSuccess={loadServers} />
      </div>
      {panelDevice && panelLive$ && (
        <DroneCommXPanel
          key={panelDevice.id}
          device={panelDevice}
          live$={panelLive$}
          onClose={() => setPanelDevice(null)}
        />
      )}
      <DeviceLogDialog environmentId={environmentId} device={logDevice} onClose={() => setLogDevice(null)} />
      {bulk && (
        <BulkActionDialog
          key={bulk.action}
          action={bulk.action}
          environmentId={environmentId}
          ids={bulk.ids}
          onClose={() => setBulk(null)}
          onChanged={() => setReloadKey((key) => key + 1)}
        />
      )}
      <DeviceImportDialog
        isOpen={importOpen}
        environmentId={environmentId}
        onClose={() => setImportOpen(false)}
        onImported={() => setReloadKey((key) => key + 1)}
      />
      {rfDevice && (
        <RfRecordingsDialog
          key={rfDevice.id}
          device={rfDevice}
          environmentId={environmentId}
          onClose={() => setRfDevice(null)}
        />
      )}
    </div>
  );
}

/**
 * The Devices list: the live fleet's table (rows from the fleet worker) with the records of the
 * rows on screen fetched for their buttons.
 */
function LiveDevicesList({
  fleet,
  environmentId,
  view,
  onViewChange,
  live,
  selectable,
  renderSelectionActions,
  searchText,
  loads,
  renderActions,
  actionsLabel,
}: CrudListProps<Device> &
  Pick<DevicesTableProps, 'live' | 'selectable' | 'renderSelectionActions'> & {
    readonly fleet: ChannelFleet;
    readonly environmentId: number;
    /** The view in the address; the search is the box's (the kit's list search, kept in step with it). */
    readonly view: FleetTableQuery;
    readonly onViewChange: (change: DevicesViewChange) => void;
  }) {
  const [shown, setShown] = useState<readonly FleetRow[]>([]);
  const records = useDeviceRecords(api, environmentId, shown, loads);
  const { status, sort, type, role, enabled } = view;
  const query = useMemo(
    () => ({ status, sort, search: searchText, type, role, enabled }),
    [status, sort, searchText, type, role, enabled],
  );
  const onSortChange = useCallback((next: FleetTableQuery['sort']) => onViewChange({ sort: next }), [onViewChange]);
  return (
    <DevicesTable
      table={fleet.table}
      query={query}
      onSortChange={onSortChange}
      records={records}
      onRowsShown={setShown}
      renderActions={renderActions}
      actionsLabel={actionsLabel}
      live={live}
      selectable={selectable}
      renderSelectionActions={renderSelectionActions}
    />
  );
}
