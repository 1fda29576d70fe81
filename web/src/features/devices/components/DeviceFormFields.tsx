import { Button, ButtonGroup, ControlGroup, InputGroup, NumericInput, Switch } from '@blueprintjs/core';
import {
  DEVICE_PORT_DEFAULT_FROM,
  DEVICE_PORT_DEFAULT_TO,
  IP_ADDRESSES_MAX,
  TestId,
  UPGRADE_DAYS,
  UPGRADE_HOURS,
  UPGRADE_IDLE_TIMEOUT_MAX,
  UPGRADE_IDLE_TIMEOUT_MIN,
} from '@halo/shared';
import { useTranslation } from 'react-i18next';
import type { CustomFieldProps } from '../../../crud';
import { DEFAULT_IDLE_TIMEOUT_MINUTES, toggleValue, type DeviceValues } from '../deviceForm';
import { DAY_LABEL_KEYS } from '../deviceLabels';

type FieldProps = CustomFieldProps<DeviceValues>;

/** A server's IP addresses: one row each, add and remove (at least one row stays). */
export function IpAddressList({ values, onChange, disabled }: FieldProps) {
  const { t } = useTranslation();
  const addresses = values.ip_addresses;
  const set = (next: readonly string[]) => onChange({ ...values, ip_addresses: next });
  return (
    <div className="device-ip-list">
      {addresses.map((address, index) => (
        <ControlGroup key={index} fill>
          <InputGroup
            value={address}
            placeholder="10.0.0.1"
            disabled={disabled}
            aria-label={t('devices.fields.ipAddress', { index: index + 1 })}
            onValueChange={(text) => set(addresses.map((current, at) => (at === index ? text : current)))}
            data-testid={TestId.devices.ipAddress(index)}
          />
          <Button
            icon="cross"
            variant="minimal"
            aria-label={t('devices.fields.ipRemove')}
            disabled={disabled || addresses.length <= 1}
            onClick={() => set(addresses.filter((_, at) => at !== index))}
            data-testid={TestId.devices.ipRemove(index)}
          />
        </ControlGroup>
      ))}
      <Button
        icon="add"
        variant="minimal"
        size="small"
        text={t('devices.fields.ipAdd')}
        disabled={disabled || addresses.length >= IP_ADDRESSES_MAX}
        onClick={() => set([...addresses, ''])}
        data-testid={TestId.devices.ipAdd}
      />
    </div>
  );
}

/** The port range, integers from/to within 1024-49151. */
export function PortRangeField({ values, onChange, disabled }: FieldProps) {
  const { t } = useTranslation();
  const set = (side: 'from' | 'to', value: number) =>
    onChange({ ...values, ports: { ...values.ports, [side]: Number.isNaN(value) ? null : value } });
  return (
    <ControlGroup className="device-port-range">
      {(['from', 'to'] as const).map((side) => (
        <NumericInput
          key={side}
          value={values.ports[side] ?? ''}
          min={DEVICE_PORT_DEFAULT_FROM}
          max={DEVICE_PORT_DEFAULT_TO}
          minorStepSize={null}
          allowNumericCharactersOnly
          disabled={disabled}
          leftElement={
            <span className="device-port-label">
              {t(side === 'from' ? 'devices.fields.portFrom' : 'devices.fields.portTo')}
            </span>
          }
          aria-label={t(side === 'from' ? 'devices.fields.portFrom' : 'devices.fields.portTo')}
          onValueChange={(value, text) => set(side, text.trim() === '' ? Number.NaN : value)}
          data-testid={side === 'from' ? TestId.devices.portFrom : TestId.devices.portTo}
        />
      ))}
    </ControlGroup>
  );
}

/** Allowed days, Monday (1) to Sunday (7). */
export function AllowedDaysField({ values, onChange, disabled }: FieldProps) {
  const { t } = useTranslation();
  return (
    <ButtonGroup className="device-days">
      {UPGRADE_DAYS.map((day) => {
        const active = values.allowed_days.includes(day);
        return (
          <Button
            key={day}
            size="small"
            active={active}
            intent={active ? 'primary' : 'none'}
            aria-pressed={active}
            disabled={disabled}
            text={t(DAY_LABEL_KEYS[day])}
            onClick={() => onChange({ ...values, allowed_days: toggleValue(values.allowed_days, day) })}
            data-testid={TestId.devices.day(day)}
          />
        );
      })}
    </ButtonGroup>
  );
}

/** Allowed hours 0-23 UTC as a grid of toggles, with all / none. */
export function AllowedHoursField({ values, onChange, disabled }: FieldProps) {
  const { t } = useTranslation();
  return (
    <div>
      <div className="device-hours" role="group" aria-label={t('devices.fields.allowedHours')}>
        {UPGRADE_HOURS.map((hour) => {
          const active = values.allowed_hours.includes(hour);
          return (
            <Button
              key={hour}
              size="small"
              active={active}
              intent={active ? 'primary' : 'none'}
              aria-pressed={active}
              disabled={disabled}
              text={String(hour).padStart(2, '0')}
              onClick={() => onChange({ ...values, allowed_hours: toggleValue(values.allowed_hours, hour) })}
              data-testid={TestId.devices.hour(hour)}
            />
          );
        })}
      </div>
      <ButtonGroup variant="minimal">
        <Button
          size="small"
          text={t('devices.fields.allHours')}
          disabled={disabled}
          onClick={() => onChange({ ...values, allowed_hours: [...UPGRADE_HOURS] })}
        />
        <Button
          size="small"
          text={t('devices.fields.noHours')}
          disabled={disabled}
          onClick={() => onChange({ ...values, allowed_hours: [] })}
        />
      </ButtonGroup>
    </div>
  );
}

/** 'Upgrade while busy' and, when on, the idle time-out in minutes. */
export function IdleTimeoutField({ values, onChange, disabled }: FieldProps) {
  const { t } = useTranslation();
  return (
    <div className="device-idle">
      <Switch
        checked={values.upgrade_while_busy}
        disabled={disabled}
        label={t('devices.fields.upgradeWhileBusy')}
        onChange={(event) =>
          onChange({
            ...values,
            upgrade_while_busy: event.currentTarget.checked,
            idle_timeout_in_minutes: event.currentTarget.checked
              ? (values.idle_timeout_in_minutes ?? DEFAULT_IDLE_TIMEOUT_MINUTES)
              : null,
          })
        }
        data-testid={TestId.devices.upgradeWhileBusy}
      />
      {values.upgrade_while_busy && (
        <NumericInput
          value={values.idle_timeout_in_minutes ?? ''}
          min={UPGRADE_IDLE_TIMEOUT_MIN}
          max={UPGRADE_IDLE_TIMEOUT_MAX}
          minorStepSize={null}
          allowNumericCharactersOnly
          disabled={disabled}
          rightElement={<span className="device-port-label">{t('devices.fields.minutes')}</span>}
          aria-label={t('devices.fields.idleTimeout')}
          onValueChange={(value, text) =>
            onChange({ ...values, idle_timeout_in_minutes: text.trim() === '' || Number.isNaN(value) ? null : value })
          }
          data-testid={TestId.devices.idleTimeout}
        />
      )}
    </div>
  );
}
