import '@blueprintjs/select/lib/css/blueprint-select.css';
import { MenuItem } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { TestId, type Device } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionSubject } from '../../../lib/session';
import { useDeviceSearch, useDevicesNamed } from '../../devices';

export interface HostsPickerProps {
  readonly value: readonly number[];
  readonly disabled: boolean;
  readonly onChange: (hosts: readonly number[]) => void;
}

const matches: ItemPredicate<Device> = (query, device) =>
  `${device.name} ${device.pairing_id}`.toLowerCase().includes(query.trim().toLowerCase());

/** Clients offered at once: typing narrows a large fleet. */
const OFFERED_MAX = 100;

/**
 * Hosts of a rule: the environment's client devices, several at once, found on the server by
 * what is typed (a page of them: a fleet of 100,000 is never loaded to pick a few).
 */
export function HostsPicker({ value, disabled, onChange }: HostsPickerProps) {
  const { t } = useTranslation();
  const { environmentId } = useSessionSubject();
  const [query, setQuery] = useState('');
  const found = useDeviceSearch(environmentId, query, { enabled: true, limit: OFFERED_MAX, isServer: false });
  const named = useDevicesNamed(environmentId, value, true);
  const clients = [...(found?.devices ?? [])];
  const selected = value.map(
    (id) =>
      named?.get(id) ??
      clients.find((device) => device.id === id) ??
      ({ id, name: `#${id}`, pairing_id: '' } as Device),
  );
  const toggle = (device: Device) =>
    onChange(value.includes(device.id) ? value.filter((id) => id !== device.id) : [...value, device.id]);

  const renderItem: ItemRenderer<Device> = (device, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={device.id}
        text={device.name}
        label={device.pairing_id}
        roleStructure="listoption"
        selected={value.includes(device.id)}
        active={modifiers.active}
        disabled={modifiers.disabled}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;

  return (
    <MultiSelect<Device>
      fill
      disabled={disabled}
      items={clients}
      selectedItems={selected}
      itemPredicate={matches}
      query={query}
      onQueryChange={setQuery}
      itemRenderer={renderItem}
      itemsEqual="id"
      onItemSelect={toggle}
      onRemove={(device) => onChange(value.filter((id) => id !== device.id))}
      tagRenderer={(device) => device.name}
      noResults={<MenuItem disabled roleStructure="listoption" text={t('dataPath.rules.noClients')} />}
      placeholder={t('dataPath.rules.searchHosts')}
      resetOnSelect
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      tagInputProps={{ inputProps: { 'data-testid': TestId.dataPath.hostsPicker } as object }}
    />
  );
}
