import './devicePage.css';
import { Button, Callout, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import {
  API,
  ApiError,
  canActOnDevice,
  DeviceType,
  FIRMWARE_COMPONENT,
  ROUTES,
  TestId,
  type Device,
  type DeviceTimeline as Timeline,
} from '@halo/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { TimeWindowPicker } from '../../components';
import { api, errorDetail, errorMessage, useApiValue } from '../../lib/api';
import { appFleet, type ChannelFleet } from '../../lib/fleet';
import { usePageTitle } from '../../lib/screens';
import { useSessionSubject } from '../../lib/session';
import { useTimeWindow } from '../../lib/time-window';
import { buildDeviceRow, DeviceEditDialog, DroneCommXDetails } from '../devices';
import { DeviceSilenceNotice } from '../logs';
import { DeviceHeader } from './components/DeviceHeader';
import {
  AvailabilityPanel,
  CertificatePanel,
  IdentityPanel,
  LinksPanel,
  Panel,
  UpgradePolicyPanel,
  VersionsPanel,
} from './components/DevicePanels';
import { DeviceTimeline } from './components/DeviceTimeline';
import { LocationPanel } from './components/LocationPanel';
import { TimelineEventList } from './components/TimelineEventList';
import { hasHistory, timelineEvents } from './timelineLanes';
import { useDeviceHistory, type Outcome } from './useDeviceHistory';
import { timelineChangeKey, useLiveDevice, useRefreshOnChange } from './useLiveDevice';

/** A route's `:id` as a device id; null for anything else. */
export function deviceIdOf(text: string | undefined): number | null {
  return text !== undefined && /^[1-9]\d{0,15}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;
}

/**
 * /config/devices/:id: one device of the environment the console shows. Who it is and how it
 * is now (live, from the fleet the Devices screen reads), its policy, certificate and place,
 * and its history over a window: connection, links, readings, log entries, alarms and track.
 */
export function DevicePage() {
  const { id } = useParams();
  const deviceId = deviceIdOf(id);
  const { environmentId } = useSessionSubject();
  const fleet = useMemo(() => appFleet(environmentId), [environmentId]);
  if (deviceId === null) return <DeviceNotFound />;
  return (
    <DeviceView key={`${environmentId}/${deviceId}`} environmentId={environmentId} deviceId={deviceId} fleet={fleet} />
  );
}

function DeviceNotFound() {
  const { t } = useTranslation();
  return (
    <div className="page-state" data-testid={TestId.devicePage.notFound}>
      <NonIdealState
        icon="search"
        title={t('devicePage.notFound.title')}
        description={t('devicePage.notFound.description')}
        action={<Link to={ROUTES.devices}>{t('devicePage.notFound.back')}</Link>}
      />
    </div>
  );
}

export interface DeviceViewProps {
  readonly environmentId: number;
  readonly deviceId: number;
  /** The environment's live fleet (the app's, shared with the Devices screen). */
  readonly fleet: ChannelFleet;
}

/** One device's page, for a device id known to be well formed. */
export function DeviceView({ environmentId, deviceId, fleet }: DeviceViewProps) {
  const { t } = useTranslation();
  const { subject } = useSessionSubject();
  const record = useApiValue<Device | null>(async (signal) => {
    const answer = await api.call(
      API.devices.list,
      { params: { environmentId }, query: { devices: String(deviceId) } },
      { signal },
    );
    return answer.devices.find((device) => device.id === deviceId) ?? null;
  }, `${environmentId}/${deviceId}`);
  const { live, feed } = useLiveDevice(fleet, deviceId);
  const device = record.value ?? null;
  const row = useMemo(() => (device ? buildDeviceRow(device, live ?? null) : null), [device, live]);
  usePageTitle(row?.name ?? null);

  const [timeWindow, setTimeWindow] = useTimeWindow();
  const history = useDeviceHistory(environmentId, deviceId, timeWindow);
  // The live status moved (connection, links): the timeline of a window ending now follows.
  useRefreshOnChange(timelineChangeKey(live), timeWindow.kind === 'preset', history.reload);
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);

  if (record.error !== null && !device)
    return (
      <Callout intent="danger" icon="error" role="alert" data-testid={TestId.devicePage.loadError}>
        {errorMessage(t, record.error)}{' '}
        <Button variant="minimal" text={t('crud.actions.retry')} onClick={record.reload} />
      </Callout>
    );
  if (record.loading && record.value === undefined) return <Spinner className="screen-loading" />;
  if (!device || !row) return <DeviceNotFound />;

  const timeline = history.value?.timeline ?? null;
  const versions =
    row.live?.versions ??
    (device.halo_system_report?.firmware_version
      ? { [FIRMWARE_COMPONENT]: device.halo_system_report.firmware_version }
      : {});

  return (
    <div className="device-page" data-testid={TestId.devicePage.page} data-device-type={row.type}>
      <DeviceHeader row={row} feed={feed} />
      <DeviceSilenceNotice silences={timeline?.ok ? timeline.value.silences : []} />
      <div className="device-panels">
        <IdentityPanel device={device} row={row} />
        <LinksPanel row={row} device={device} />
        <AvailabilityPanel outcome={history.value?.availability ?? null} />
        <VersionsPanel versions={versions} fixedVersion={device.upgrade_policy?.fixed_version ?? null} />
        <UpgradePolicyPanel
          device={device}
          canEdit={canActOnDevice(subject, 'update', device)}
          onEdit={() => setEditing(true)}
        />
        <CertificatePanel device={device} />
        <LocationPanel
          location={row.location}
          status={row.locationStatus}
          track={timeline?.ok ? timeline.value.track : null}
        />
        {row.type === DeviceType.DRONECOMMX && (
          <Panel name="dronecommx" titleKey="devicePage.panels.dronecommx">
            <DroneCommXDetails row={row} besidePanels />
          </Panel>
        )}
      </div>
      <section className="device-history" aria-labelledby="device-history-title">
        <div className="device-history-toolbar">
          <H4 id="device-history-title">{t('devicePage.timeline.title')}</H4>
          <TimeWindowPicker
            value={timeWindow}
            onChange={(next) => {
              setSelected(null);
              setTimeWindow(next);
            }}
          >
            <Button
              size="small"
              icon="refresh"
              text={t('timeWindow.now')}
              loading={history.loading}
              onClick={history.reload}
              data-testid={TestId.devicePage.refresh}
            />
          </TimeWindowPicker>
        </div>
        <HistoryBody timeline={timeline} onRetry={history.reload} selected={selected} onSelect={setSelected} />
      </section>
      <DeviceEditDialog
        device={editing ? device : null}
        onClose={() => setEditing(false)}
        onSaved={() => {
          record.reload();
          history.reload();
        }}
      />
    </div>
  );
}

function HistoryBody({
  timeline,
  onRetry,
  selected,
  onSelect,
}: {
  readonly timeline: Outcome<Timeline> | null;
  readonly onRetry: () => void;
  readonly selected: string | null;
  readonly onSelect: (key: string) => void;
}) {
  const { t } = useTranslation();
  const events = useMemo(() => (timeline?.ok ? timelineEvents(timeline.value) : []), [timeline]);
  if (timeline === null) return <Spinner size={32} />;
  if (!timeline.ok) {
    // An upstream without the extension does not keep device history: said so, not as a failure.
    const missing = ApiError.is(timeline.error) && timeline.error.status === 404;
    const detail = missing ? null : errorDetail(t, timeline.error);
    return (
      <Callout
        intent={missing ? 'none' : 'danger'}
        icon={missing ? 'info-sign' : 'error'}
        role="alert"
        data-testid={TestId.devicePage.timelineError}
      >
        {missing ? t('devicePage.timeline.notOffered') : errorMessage(t, timeline.error)}
        {detail && <div>{detail}</div>}
        {!missing && <Button variant="minimal" text={t('crud.actions.retry')} onClick={onRetry} />}
      </Callout>
    );
  }
  if (!hasHistory(timeline.value))
    return (
      <div data-testid={TestId.devicePage.timelineEmpty}>
        <NonIdealState icon="timeline-line-chart" title={t('devicePage.timeline.empty')} />
      </div>
    );
  return (
    <>
      {timeline.value.truncated && (
        <Callout intent="warning" compact data-testid={TestId.devicePage.timelineTruncated}>
          {t('devicePage.timeline.truncated')}
        </Callout>
      )}
      <DeviceTimeline timeline={timeline.value} events={events} selected={selected} onSelect={onSelect} />
      <H4 className="device-events-title">{t('devicePage.events.title')}</H4>
      <TimelineEventList events={events} selected={selected} onSelect={onSelect} />
    </>
  );
}
