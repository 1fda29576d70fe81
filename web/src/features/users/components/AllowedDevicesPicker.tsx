import { Checkbox, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { API, can, TestId, type Device } from '@halo/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { useSessionSelector } from '../../../lib/session';
import '../users.css';

export interface AllowedDevicesPickerProps {
  readonly value: readonly number[];
  readonly onChange: (deviceIds: number[]) => void;
  readonly disabled: boolean;
}

/** Rows shown at once; a filter narrows a large fleet. */
const SHOWN_MAX = 200;

/**
 * The devices granted to a user (section 6: plain device update and delete reach these and the
 * devices the user creates). A filtered checklist of the environment's devices; the ones
 * already granted are listed first.
 */
export function AllowedDevicesPicker({ value, onChange, disabled }: AllowedDevicesPickerProps) {
  const { t } = useTranslation();
  const environmentId = useSessionSelector((snapshot) => snapshot.context.session?.environment_id ?? 0);
  const mayViewDevices = useSessionSelector((snapshot) => can(snapshot.context.session, 'devices.view'));
  const [devices, setDevices] = useState<readonly Device[] | null>(null);
  const [filter, setFilter] = useState('');

  useEffect(() => {
    if (!mayViewDevices) return undefined;
    const controller = new AbortController();
    api
      .call(API.devices.list, { params: { environmentId } }, { signal: controller.signal })
      .then((answer) => setDevices(answer.devices))
      .catch(() => setDevices([]));
    return () => controller.abort();
  }, [environmentId, mayViewDevices]);

  const chosen = useMemo(() => new Set(value), [value]);
  const shown = useMemo(() => {
    const text = filter.trim().toLowerCase();
    const matching = (devices ?? []).filter(
      (device) => text === '' || `${device.name} ${device.pairing_id}`.toLowerCase().includes(text),
    );
    return [...matching].sort(
      (a, b) => Number(chosen.has(b.id)) - Number(chosen.has(a.id)) || a.name.localeCompare(b.name),
    );
  }, [devices, filter, chosen]);

  if (!mayViewDevices) return <div className="bp6-text-muted">{t('users.allowedDevices.notVisible')}</div>;
  if (devices === null) return <Spinner size={20} />;

  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...value, id].sort((a, b) => a - b) : value.filter((existing) => existing !== id));

  return (
    <div className="allowed-devices" data-testid={TestId.people.allowedDevices}>
      <InputGroup
        leftIcon="search"
        small
        value={filter}
        placeholder={t('users.allowedDevices.filter')}
        onValueChange={setFilter}
        disabled={disabled}
        data-testid={TestId.people.allowedDevicesFilter}
      />
      <div className="bp6-text-muted allowed-devices-count">
        {t('users.allowedDevices.count', { count: value.length, total: devices.length })}
      </div>
      {shown.length === 0 ? (
        <NonIdealState icon="search" description={t('users.allowedDevices.none')} />
      ) : (
        <div className="allowed-devices-list">
          {shown.slice(0, SHOWN_MAX).map((device) => (
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
          {shown.length > SHOWN_MAX && (
            <div className="bp6-text-muted">{t('users.allowedDevices.more', { count: shown.length - SHOWN_MAX })}</div>
          )}
        </div>
      )}
    </div>
  );
}
