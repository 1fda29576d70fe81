import '@blueprintjs/select/lib/css/blueprint-select.css';
import { MenuItem } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { TestId, type Device } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { useDataPathLists } from '../dataPathContext';

export interface HostsPickerProps {
  readonly value: readonly number[];
  readonly disabled: boolean;
  readonly onChange: (hosts: readonly number[]) => void;
}

const matches: ItemPredicate<Device> = (query, device) =>
  `${device.name} ${device.pairing_id}`.toLowerCase().includes(query.trim().toLowerCase());

/** Hosts of a rule: the environment's client devices, searchable, several at once. */
export function HostsPicker({ value, disabled, onChange }: HostsPickerProps) {
  const { t } = useTranslation();
  const { devices } = useDataPathLists();
  const clients = devices.filter((device) => !device.is_server);
  const selected = value.map(
    (id) => clients.find((device) => device.id === id) ?? ({ id, name: `#${id}`, pairing_id: '' } as Device),
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
