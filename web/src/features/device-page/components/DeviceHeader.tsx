import { Icon, Tag } from '@blueprintjs/core';
import { ConnectionStatus, deviceHealth, DeviceRole, ROUTES, TestId, type DeviceHealth } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { isDevicePageNavigationState } from '../../../components';
import { listSearch, type ListSearchNavigationState } from '../../../crud';
import type { FleetFeedState } from '../../../lib/fleet';
import { isRightToLeft } from '../../../lib/i18n';
import {
  CHIP_INTENTS,
  CHIP_LABEL_KEYS,
  CONNECTION_LABEL_KEYS,
  connectionColor,
  DEVICE_TYPE_NAMES,
  FEED_STATE_LABEL_KEYS,
  type DeviceRow,
} from '../../devices';

/** What is wrong with a device beyond its chip, in the health rule's words. */
const HEALTH_LABEL_KEYS: Readonly<Record<DeviceHealth, string>> = {
  notActivated: 'devicePage.health.notActivated',
  unknown: 'devicePage.health.unknown',
  notConnected: 'devicePage.health.notConnected',
  mainAppOffline: 'devicePage.health.mainAppOffline',
  allLinksDown: 'devicePage.health.allLinksDown',
  linksDegraded: 'devicePage.health.linksDegraded',
  healthy: 'devicePage.health.healthy',
};

/**
 * The way back to Devices: to the table's own address (its filter) when the page was opened
 * from it, with its search text as it was.
 */
export function useDevicesBackLink(): { readonly to: string; readonly state: ListSearchNavigationState } {
  const location = useLocation();
  const from = isDevicePageNavigationState(location.state) ? location.state.from : null;
  const to = from && from.pathname === ROUTES.devices ? `${ROUTES.devices}${from.search}` : ROUTES.devices;
  return { to, state: { listSearch: from?.pathname === ROUTES.devices ? listSearch('devices').value : '' } };
}

export interface DeviceHeaderProps {
  readonly row: DeviceRow;
  /** Whether the live feed is up: off it, the status shown may be old. */
  readonly feed: FleetFeedState;
}

/** The breadcrumb back to Devices, and who the device is and how it is now (live). */
export function DeviceHeader({ row, feed }: DeviceHeaderProps) {
  const { t, i18n } = useTranslation();
  const back = useDevicesBackLink();
  const health = deviceHealth(row.connection, row.mainApp, row.links);
  const rtl = isRightToLeft(i18n.language);
  return (
    <header className="device-header">
      <nav className="device-breadcrumb" aria-label={t('devicePage.breadcrumb')}>
        <Link to={back.to} state={back.state} data-testid={TestId.devicePage.back}>
          {t('shell.menu.devices')}
        </Link>
        <Icon icon={rtl ? 'chevron-left' : 'chevron-right'} size={12} className="bp6-text-muted" />
        <bdi data-testid={TestId.devicePage.name}>{row.name}</bdi>
      </nav>
      <div className="device-header-facts">
        <Tag
          large
          round
          intent={CHIP_INTENTS[row.chip]}
          data-chip={row.chip}
          data-health={health}
          title={t(HEALTH_LABEL_KEYS[health])}
          data-testid={TestId.devicePage.status}
        >
          {t(CHIP_LABEL_KEYS[row.chip])}
        </Tag>
        {health !== 'healthy' && <span className="device-header-health">{t(HEALTH_LABEL_KEYS[health])}</span>}
        <span style={{ color: connectionColor(row.connection) }}>
          {row.connection === ConnectionStatus.UNKNOWN
            ? t('devicePage.health.unknown')
            : t(CONNECTION_LABEL_KEYS[row.connection])}
        </span>
        <Tag minimal data-testid={TestId.devicePage.type}>
          {DEVICE_TYPE_NAMES[row.type] ?? String(row.type)}
        </Tag>
        <span className="device-header-serial">
          {t('devicePage.serial')}{' '}
          <bdi dir="ltr" data-testid={TestId.devicePage.serial}>
            {row.pairingId}
          </bdi>
        </span>
        <Tag minimal data-testid={TestId.devicePage.role}>
          {t(row.role === DeviceRole.SERVER ? 'devices.role.server' : 'devices.role.client')}
        </Tag>
        <Tag
          minimal
          intent={row.isEnabled ? 'none' : 'warning'}
          data-enabled={row.isEnabled}
          data-testid={TestId.devicePage.enabled}
        >
          {t(row.isEnabled ? 'devicePage.enabled' : 'devicePage.disabled')}
        </Tag>
        <Tag
          minimal
          icon={feed.kind === 'live' ? 'feed' : 'time'}
          intent={feed.kind === 'live' ? 'success' : feed.kind === 'refused' ? 'danger' : 'warning'}
          data-state={feed.kind}
        >
          {t(FEED_STATE_LABEL_KEYS[feed.kind])}
        </Tag>
      </div>
    </header>
  );
}
