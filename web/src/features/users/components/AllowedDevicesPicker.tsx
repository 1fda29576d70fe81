import { Checkbox, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { can, TestId, type Device } from '@halo/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionSelector } from '../../../lib/session';
import { useDeviceSearch, useDevicesNamed } from '../../devices';
import '../users.css';

export interface AllowedDevicesPickerProps {
  readonly value: readonly number[];
  readonly onChange: (deviceIds: number[]) => void;
  readonly disabled: boolean;
}

/** Devices matching the filter shown at once; a filter narrows a large fleet. */
const SHOWN_MAX = 200;

const byName = (a: Device, b: Device) => a.name.localeCompare(b.name) || a.id - b.id;

/**
 * The devices granted to a user (section 6: plain device update and delete reach these and the
 * devices the user creates). The granted ones are listed first, by name; below them the
 * environment's devices whose name or serial holds the filter, asked of the server a page at a
 * time (a fleet of 100,000 is never loaded to pick a few).
 */
export function AllowedDevicesPicker({ value, onChange, disabled }: AllowedDevicesPickerProps) {
  const { t } = useTranslation();
  const environmentId = useSessionSelector((snapshot) => snapshot.context.session?.environment_id ?? 0);
  const mayViewDevices = useSessionSelector((snapshot) => can(snapshot.context.session, 'devices.view'));
  const [filter, setFilter] = useState('');
  // One more than shown: whether more devices match.
  const found = useDeviceSearch(environmentId, filter, { enabled: mayViewDevices, limit: SHOWN_MAX + 1 });
  const named = useDevicesNamed(environmentId, value, mayViewDevices);

  const chosen = useMemo(() => new Set(value), [value]);
  const shown = useMemo(() => {
    const seen = new Map([...(found?.devices ?? []).map((device) => [device.id, device] as const), ...(named ?? [])]);
    const granted = value.flatMap((id) => seen.get(id) ?? []).sort(byName);
    const others = (found?.devices ?? []).slice(0, SHOWN_MAX).filter((device) => !chosen.has(device.id));
    return [...granted, ...others];
  }, [value, named, found, chosen]);
  const more = (found?.devices.length ?? 0) > SHOWN_MAX;

  if (!mayViewDevices) return <div className="bp6-text-muted">{t('users.allowedDevices.notVisible')}</div>;
  if (named === null || found === null) return <Spinner size={20} />;

  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...value, id].sort((a, b) => a - b) : value.filter((existing) => existing !== id));

  return (
    <div className="allowed-devices" data-testid={TestId.people.allowedDevices}>
      <InputGroup
        leftIcon="search"
        small
        value={filter}
        placeholder={t('users.allowedDevices.filter')}
        aria-label={t('users.allowedDevices.filter')}
        onValueChange={setFilter}
        disabled={disabled}
        rightElement={found.text !== filter.trim() ? <Spinner size={14} /> : undefined}
        data-testid={TestId.people.allowedDevicesFilter}
      />
      <div className="bp6-text-muted allowed-devices-count">
        {t('users.allowedDevices.count', { count: value.length })}
      </div>
      {shown.length === 0 ? (
        <NonIdealState icon="search" description={t('users.allowedDevices.none')} />
      ) : (
        <div className="allowed-devices-list">
          {shown.map((device) => (
            <Checkbox
              key={device.id}
              checked={chosen.has(device.id)}
              disabled={disabled}
              labelElement={
                <span>
                  {device.name} <span className="bp6-text-muted">{device.pairing_id}</span>
                </span>
              }
              onChange={(event) => toggle(device.id, event.currentTarget.checked)}
              data-testid={TestId.people.allowedDevice(device.id)}
            />
          ))}
          {more && <div className="bp6-text-muted">{t('users.allowedDevices.more')}</div>}
        </div>
      )}
    </div>
  );
}
