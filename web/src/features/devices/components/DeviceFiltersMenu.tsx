import { Button, FormGroup, HTMLSelect, Popover } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_ENABLED_FILTERS,
  DEVICE_ROLE_FILTERS,
  DEVICE_TYPE_FILTERS,
  type DeviceEnabledFilter,
  type DeviceRoleFilter,
  type DeviceTypeFilter,
  type FleetTableQuery,
} from '../../../lib/fleet';
import type { DevicesViewChange } from '../useDevicesView';

const TYPE_LABEL_KEYS: Readonly<Record<DeviceTypeFilter, string>> = {
  all: 'devices.filters.anyType',
  halo: 'devices.type.halo',
  dronecommx: 'devices.type.dronecommx',
};
const ROLE_LABEL_KEYS: Readonly<Record<DeviceRoleFilter, string>> = {
  all: 'devices.filters.anyRole',
  server: 'devices.role.server',
  client: 'devices.role.client',
};
const ENABLED_LABEL_KEYS: Readonly<Record<DeviceEnabledFilter, string>> = {
  all: 'devices.filters.anyEnabled',
  enabled: 'devices.filters.enabled',
  disabled: 'devices.filters.disabled',
};

/** The filters beside the status: type, role, enabled; the button says how many are set. */
export function DeviceFiltersMenu({
  view,
  onChange,
}: {
  readonly view: FleetTableQuery;
  /** The filters changed (the others, and the search and sort, stay). */
  readonly onChange: (change: DevicesViewChange) => void;
}) {
  const { t } = useTranslation();
  const set = [view.type, view.role, view.enabled].filter((value) => value !== undefined && value !== 'all').length;
  const select = <Value extends string>(
    name: 'type' | 'role' | 'enabled',
    labelKey: string,
    values: readonly Value[],
    labels: Readonly<Record<Value, string>>,
    current: Value | undefined,
  ) => (
    <FormGroup label={t(labelKey)} labelFor={`devices-filter-${name}`}>
      <HTMLSelect
        id={`devices-filter-${name}`}
        fill
        value={current ?? 'all'}
        options={values.map((value) => ({ value, label: t(labels[value]) }))}
        onChange={(event) => {
          const chosen = values.find((value) => value === event.currentTarget.value);
          if (chosen) onChange({ [name]: chosen });
        }}
        data-testid={TestId.devicesBulk.filter(name)}
      />
    </FormGroup>
  );
  return (
    <Popover
      placement="bottom-end"
      content={
        <div className="devices-filters">
          {select('type', 'devices.filters.type', DEVICE_TYPE_FILTERS, TYPE_LABEL_KEYS, view.type)}
          {select('role', 'devices.filters.role', DEVICE_ROLE_FILTERS, ROLE_LABEL_KEYS, view.role)}
          {select('enabled', 'devices.filters.state', DEVICE_ENABLED_FILTERS, ENABLED_LABEL_KEYS, view.enabled)}
          {set > 0 && (
            <Button
              variant="minimal"
              size="small"
              icon="cross"
              text={t('devices.filters.clear')}
              onClick={() => onChange({ type: 'all', role: 'all', enabled: 'all' })}
            />
          )}
        </div>
      }
    >
      <Button
        icon="filter"
        endIcon="caret-down"
        intent={set > 0 ? 'primary' : 'none'}
        text={set > 0 ? t('devices.filters.buttonCount', { count: set }) : t('devices.filters.button')}
        data-testid={TestId.devicesBulk.filters}
      />
    </Popover>
  );
}
