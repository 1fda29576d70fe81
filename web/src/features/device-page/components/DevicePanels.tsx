import { Button, Card, Elevation, H4, HTMLTable, Tag } from '@blueprintjs/core';
import {
  DeviceRole,
  LINK_INTERFACE_KINDS,
  linkCountsByKind,
  TestId,
  UPGRADE_DAYS,
  UPGRADE_HOURS,
  upgradePolicyForEdit,
  type AvailabilityFigures,
  type Device,
  type LinkCounts,
  type LinkInterfaceKind,
} from '@halo/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { componentLabel } from '../../../lib/i18n';
import { durationText, percentText } from '../../../lib/time-window';
import { DAY_LABEL_KEYS, DEVICE_TYPE_NAMES, LINK_KIND_LABEL_KEYS, type DeviceRow } from '../../devices';
import type { Outcome } from '../useDeviceHistory';

/** One of the page's panels: a card with its heading. */
export function Panel({
  name,
  titleKey,
  children,
  className,
  action,
}: {
  readonly name: string;
  readonly titleKey: string;
  readonly children: ReactNode;
  readonly className?: string;
  readonly action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card
      elevation={Elevation.ONE}
      className={`device-panel ${className ?? ''}`}
      data-testid={TestId.devicePage.panel(name)}
    >
      <div className="device-panel-heading">
        <H4>{t(titleKey)}</H4>
        {action}
      </div>
      {children}
    </Card>
  );
}

/** Facts as a definition list, a value of none shown as '-'. */
function Facts({ entries }: { readonly entries: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="device-facts">
      {entries.map(([label, value]) => (
        <div key={label} className="device-fact">
          <dt>{label}</dt>
          <dd>{value ?? '-'}</dd>
        </div>
      ))}
    </dl>
  );
}

const yesNo = (t: (key: string) => string, value: boolean) => t(value ? 'devicePage.yes' : 'devicePage.no');

/** Who the device is: name, serial, type and model, role (with a server's addresses and ports), state. */
export function IdentityPanel({ device, row }: { readonly device: Device | null; readonly row: DeviceRow }) {
  const { t } = useTranslation();
  const server = row.role === DeviceRole.SERVER;
  const entries: [string, ReactNode][] = [
    [t('devices.fields.name'), <bdi key="name">{row.name}</bdi>],
    [
      t('devices.fields.pairingId'),
      <bdi key="serial" dir="ltr">
        {row.pairingId}
      </bdi>,
    ],
    [t('devices.fields.type'), DEVICE_TYPE_NAMES[row.type] ?? String(row.type)],
    [t('devicePage.identity.model'), device?.product_type ?? '-'],
    [t('devices.columns.role'), t(server ? 'devices.role.server' : 'devices.role.client')],
    [t('devices.fields.enabled'), yesNo(t, row.isEnabled)],
    [t('devicePage.identity.activated'), yesNo(t, row.isActivated)],
  ];
  if (server && device) {
    entries.push([
      t('devices.fields.ipAddresses'),
      device.ip_addresses?.length ? <bdi dir="ltr">{device.ip_addresses.join(', ')}</bdi> : '-',
    ]);
    entries.push([
      t('devices.fields.ports'),
      device.ports ? <bdi dir="ltr">{`${device.ports.from}–${device.ports.to}`}</bdi> : '-',
    ]);
  }
  return (
    <Panel name="identity" titleKey="devicePage.panels.identity">
      <Facts entries={entries} />
    </Panel>
  );
}

/** The versions the device runs, each component's; one its policy does not fix is marked. */
export function VersionsPanel({
  versions,
  fixedVersion,
}: {
  readonly versions: Readonly<Record<string, string>>;
  readonly fixedVersion: string | null;
}) {
  const { t, i18n } = useTranslation();
  const entries = Object.entries(versions).filter(([, version]) => version !== '');
  return (
    <Panel name="versions" titleKey="devicePage.panels.versions">
      {entries.length === 0 ? (
        <p className="bp6-text-muted">{t('devicePage.versions.none')}</p>
      ) : (
        <HTMLTable compact className="device-versions">
          <tbody>
            {entries.map(([component, version]) => (
              <CountedRow
                key={component}
                label={componentLabel(i18n.language, component)}
                value={version}
                flag={
                  fixedVersion && version !== fixedVersion
                    ? { intent: 'warning', text: t('devicePage.versions.notFixed', { version: fixedVersion }) }
                    : null
                }
              />
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Panel>
  );
}

/** Hours as compact UTC ranges: 0-5, 8 → "00–05, 08". */
export function hourRanges(hours: readonly number[]): string {
  const sorted = [...new Set(hours)].sort((a, b) => a - b);
  const ranges: string[] = [];
  const pad = (hour: number) => String(hour).padStart(2, '0');
  for (let index = 0; index < sorted.length;) {
    const first = sorted[index]!;
    let last = first;
    while (sorted[index + 1] === last + 1) {
      index += 1;
      last = sorted[index]!;
    }
    index += 1;
    ranges.push(first === last ? pad(first) : `${pad(first)}–${pad(last)}`);
  }
  return ranges.join(', ');
}

/** The upgrade policy, read-only; Edit opens the Devices screen's dialog for whoever may change the device. */
export function UpgradePolicyPanel({
  device,
  canEdit,
  onEdit,
}: {
  readonly device: Device | null;
  readonly canEdit: boolean;
  readonly onEdit: () => void;
}) {
  const { t } = useTranslation();
  const edit = (
    <Button
      size="small"
      icon="edit"
      text={t('crud.actions.edit')}
      disabled={!canEdit || device === null}
      title={canEdit ? undefined : t('crud.list.noPermission')}
      onClick={onEdit}
      data-testid={TestId.devicePage.edit}
    />
  );
  if (!device)
    return (
      <Panel name="policy" titleKey="devicePage.panels.policy" action={edit}>
        <p className="bp6-text-muted">{t('devicePage.loading')}</p>
      </Panel>
    );
  const policy = upgradePolicyForEdit(device);
  const days =
    policy.allowed_days.length === UPGRADE_DAYS.length
      ? t('devicePage.policy.everyDay')
      : policy.allowed_days
          .map((day) => t(DAY_LABEL_KEYS[day as (typeof UPGRADE_DAYS)[number]] ?? String(day)))
          .join(', ');
  const hours =
    policy.allowed_hours.length === UPGRADE_HOURS.length
      ? t('devicePage.policy.allHours')
      : hourRanges(policy.allowed_hours);
  return (
    <Panel name="policy" titleKey="devicePage.panels.policy" action={edit}>
      <Facts
        entries={[
          [t('devices.fields.autoUpgrade'), yesNo(t, policy.is_auto_upgrade_enabled)],
          [t('devices.fields.allowedDays'), days],
          [
            t('devices.fields.allowedHours'),
            <bdi key="hours" dir="ltr">
              {hours}
            </bdi>,
          ],
          [
            t('devices.fields.fixedVersion'),
            policy.fixed_version ? <bdi dir="ltr">{policy.fixed_version}</bdi> : t('devices.fixedVersion.none'),
          ],
          [
            t('devices.fields.idleTimeout'),
            policy.idle_timeout_in_minutes === null || policy.idle_timeout_in_minutes === undefined
              ? t('devicePage.policy.noIdleUpgrade')
              : `${policy.idle_timeout_in_minutes} ${t('devices.fields.minutes')}`,
          ],
        ]}
      />
    </Panel>
  );
}

/** The device certificate's subject or fingerprint, once issued. */
export function CertificatePanel({ device }: { readonly device: Device | null }) {
  const { t } = useTranslation();
  const certificate = device?.device_certificate ?? null;
  return (
    <Panel name="certificate" titleKey="devicePage.panels.certificate">
      {certificate ? (
        <code className="device-certificate" dir="ltr">
          {certificate}
        </code>
      ) : (
        <p className="bp6-text-muted">{t(device ? 'devicePage.certificate.none' : 'devicePage.loading')}</p>
      )}
    </Panel>
  );
}

/** The links up now of each interface kind, as the live feed says (the record's when the feed does not hold the device). */
export function LinksPanel({ row, device }: { readonly row: DeviceRow; readonly device: Device | null }) {
  const { t } = useTranslation();
  const counts: Partial<Record<LinkInterfaceKind, LinkCounts>> =
    row.live?.links ?? (device?.halo_data_links_info ? linkCountsByKind(device.halo_data_links_info) : {});
  return (
    <Panel name="links" titleKey="devicePage.panels.links">
      <p>
        {t('devices.columns.links')}: <bdi dir="ltr">{row.linksText}</bdi>
      </p>
      <HTMLTable compact className="device-links">
        <tbody>
          {LINK_INTERFACE_KINDS.map((kind) => {
            const kindCounts = counts[kind];
            const down = kindCounts ? kindCounts.total - kindCounts.online : 0;
            return (
              <CountedRow
                key={kind}
                testId={TestId.devicePage.link(kind)}
                label={t(LINK_KIND_LABEL_KEYS[kind])}
                value={kindCounts ? `${kindCounts.online}/${kindCounts.total}` : '-'}
                flag={down > 0 ? { intent: 'danger', text: t('devicePage.links.down', { count: down }) } : null}
              />
            );
          })}
        </tbody>
      </HTMLTable>
    </Panel>
  );
}

/** The device's availability and mean time to recover over the chosen window (the availability report for it alone). */
export function AvailabilityPanel({ outcome }: { readonly outcome: Outcome<AvailabilityFigures> | null }) {
  const { t, i18n } = useTranslation();
  let body: ReactNode;
  if (outcome === null) body = <p className="bp6-text-muted">{t('devicePage.loading')}</p>;
  else if (!outcome.ok)
    body = (
      <p className="bp6-text-muted" role="alert">
        {errorMessage(t, outcome.error)}
      </p>
    );
  else
    body = (
      <div className="device-availability" data-testid={TestId.devicePage.availability}>
        <div className="device-availability-figure">
          <span className="device-availability-value">{percentText(i18n.language, outcome.value.availability)}</span>
          <span className="bp6-text-muted">{t('reports.columns.availability')}</span>
        </div>
        <div className="device-availability-figure">
          <span className="device-availability-value">{outcome.value.outages}</span>
          <span className="bp6-text-muted">{t('reports.columns.outages')}</span>
        </div>
        <div className="device-availability-figure">
          <span className="device-availability-value">{durationText(t, outcome.value.mttr_ms)}</span>
          <span className="bp6-text-muted">{t('reports.columns.mttr')}</span>
        </div>
      </div>
    );
  return (
    <Panel name="availability" titleKey="devicePage.panels.availability">
      {body}
    </Panel>
  );
}

/** A row of a panel's table: a label, a value read left to right, and a tag when something is off. */
function CountedRow({
  label,
  value,
  flag,
  testId,
}: {
  readonly label: string;
  readonly value: string;
  readonly flag: { readonly intent: 'warning' | 'danger'; readonly text: string } | null;
  readonly testId?: string;
}) {
  return (
    <tr data-testid={testId}>
      <th>{label}</th>
      <td>
        <bdi dir="ltr">{value}</bdi>{' '}
        {flag ? (
          <Tag minimal intent={flag.intent}>
            {flag.text}
          </Tag>
        ) : null}
      </td>
    </tr>
  );
}
