import './devices.css';
import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { can, DeviceType, TestId, type Device } from '@halo/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CrudScreen, type CrudListProps } from '../../crud';
import { DeviceLogDialog } from '../logs';
import { api } from '../../lib/api';
import {
  appFleet,
  DEVICE_STATUS_FILTERS,
  isDeviceStatusFilter,
  type ChannelFleet,
  type DeviceSort,
  type DeviceStatusFilter,
  type FleetRow,
} from '../../lib/fleet';
import { useObservableValue } from '../../lib/realtime';
import { useSessionSubject } from '../../lib/session';
import { DeviceImportDialog } from './components/DeviceImportDialog';
import { DevicesTable } from './components/DevicesTable';
import { DroneCommXPanel } from './components/DroneCommXPanel';
import { RfRecordingsDialog } from './components/RfRecordingsDialog';
import { fetchServerRecords, useDeviceRecords } from './deviceRecords';
import { devicesScreen } from './devicesScreen';
import { FEED_STATE_LABEL_KEYS, STATUS_FILTER_LABEL_KEYS } from './deviceLabels';

/** The query parameter Home's counts link with: /config/devices?status=notConnected. */
export const DEVICE_STATUS_PARAM = 'status';

/**
 * /config/devices: the devices on the CRUD kit with a live, virtualised table, a status
 * filter (also from the address), CSV import, RF recordings per device and the DroneCommX panel.
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const { subject, environmentId } = useSessionSubject();
  const fleet = useMemo(() => appFleet(environmentId), [environmentId]);
  const feedState = useObservableValue(fleet.state$, { kind: 'connecting' } as const);

  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(DEVICE_STATUS_PARAM);
  const status = isDeviceStatusFilter(requested) ? requested : 'all';
  const [sort, setSort] = useState<DeviceSort | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [rfDevice, setRfDevice] = useState<Device | null>(null);
  const [panelDevice, setPanelDevice] = useState<Device | null>(null);
  const canAdd = can(subject, 'devices.add');
  const canViewRf = can(subject, 'rfRecordings.view');
  const canViewLogs = can(subject, 'logs.view');
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
            status={status}
            sort={sort}
            onSortChange={setSort}
            live={live}
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
                setSearchParams(
                  (current) => {
                    const params = new URLSearchParams(current);
                    if (next === 'all') params.delete(DEVICE_STATUS_PARAM);
                    else params.set(DEVICE_STATUS_PARAM, next);
                    return params;
                  },
                  { replace: true },
                );
              }}
              options={DEVICE_STATUS_FILTERS.map((filter) => ({
                value: filter,
                label: t(STATUS_FILTER_LABEL_KEYS[filter]),
              }))}
              data-testid={TestId.devices.statusFilter}
            />
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
    [fleet, environmentId, status, sort, live, feedState.kind, t, setSearchParams, canAdd, canViewRf, canViewLogs],
  );

  return (
    <div className="devices-page">
      <div className="devices-main">
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
  status,
  sort,
  onSortChange,
  live,
  searchText,
  loads,
  renderActions,
  actionsLabel,
}: CrudListProps<Device> & {
  readonly fleet: ChannelFleet;
  readonly environmentId: number;
  readonly status: DeviceStatusFilter;
  readonly sort: DeviceSort | null;
  readonly onSortChange: (sort: DeviceSort | null) => void;
  readonly live: boolean;
}) {
  const [shown, setShown] = useState<readonly FleetRow[]>([]);
  const records = useDeviceRecords(api, environmentId, shown, loads);
  const query = useMemo(() => ({ status, sort, search: searchText }), [status, sort, searchText]);
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
    />
  );
}
