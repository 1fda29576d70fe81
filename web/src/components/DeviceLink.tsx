import { can, devicePath } from '@halo/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSessionSubject } from '../lib/session';

/** What a link to a device's page carries: the address it was followed from, for the way back. */
export interface DevicePageNavigationState {
  readonly from: { readonly pathname: string; readonly search: string };
}

export function isDevicePageNavigationState(value: unknown): value is DevicePageNavigationState {
  if (typeof value !== 'object' || value === null) return false;
  const from = (value as { from?: unknown }).from;
  return (
    typeof from === 'object' &&
    from !== null &&
    typeof (from as { pathname?: unknown }).pathname === 'string' &&
    typeof (from as { search?: unknown }).search === 'string'
  );
}

export interface DeviceLinkProps {
  readonly id: number;
  readonly name: string;
  readonly testId?: string;
  readonly className?: string;
  /** What the link shows (the name, unless given: a cell's cut name). */
  readonly children?: ReactNode;
}

/**
 * A device's name that opens its page (devicePath), wherever a device is named: the Devices
 * table, Home's problems, alarms, the logs. Plain text for a user who may not view devices.
 */
export function DeviceLink({ id, name, testId, className, children }: DeviceLinkProps) {
  const { t } = useTranslation();
  const { subject } = useSessionSubject();
  const { pathname, search } = useLocation();
  if (!can(subject, 'devices.view'))
    return (
      <span dir="auto" className={className} data-testid={testId}>
        {children ?? name}
      </span>
    );
  const state: DevicePageNavigationState = { from: { pathname, search } };
  return (
    <Link
      to={devicePath(id)}
      state={state}
      dir="auto"
      className={className}
      title={t('devicePage.open', { name })}
      // A row that opens something of its own on a click (a log's details) leaves this one to the link.
      onClick={(event) => event.stopPropagation()}
      data-testid={testId}
    >
      {children ?? name}
    </Link>
  );
}
