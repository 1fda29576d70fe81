import './devices.css';
import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { can, DeviceType, TestId, type Device } from '@halo/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CrudScreen } from '../../crud';
import { DeviceLogDialog } from '../logs';
import { appFleet } from '../../lib/fleet';
import { useObservableValue } from '../../lib/realtime';
import { useSessionSubject } from '../../lib/session';
import { DeviceImportDialog } from './components/DeviceImportDialog';
import { DevicesTable } from './components/DevicesTable';
import { DroneCommXPanel } from './components/DroneCommXPanel';
import { RfRecordingsDialog } from './components/RfRecordingsDialog';
import { devicesScreen } from './devicesScreen';
import { DEVICE_STATUS_FILTERS, isDeviceStatusFilter, type DeviceSort } from './devicesTableModel';
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

  const definition = useMemo(
    () =>
      devicesScreen({
        list: ({ rows, renderActions, actionsLabel }) => (
          <DevicesTable
            devices={rows}
            batch$={fleet.batch$}
            status={status}
            sort={sort}
            onSortChange={setSort}
            renderActions={renderActions}
            actionsLabel={actionsLabel}
          />
        ),
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
    [fleet, status, sort, feedState.kind, t, setSearchParams, canAdd, canViewRf, canViewLogs],
  );

  return (
    <div className="devices-page">
      <div className="devices-main">
        <CrudScreen definition={definition} reloadKey={reloadKey} />
      </div>
      {panelDevice && (
        <DroneCommXPanel
          key={panelDevice.id}
          device={panelDevice}
          batch$={fleet.batch$}
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
