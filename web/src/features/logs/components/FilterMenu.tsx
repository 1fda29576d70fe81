import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';

/** A choice, named by an i18n key, or by `label` for a proper name (a satellite network). */
export type FilterOption<Value extends string | number> =
  { readonly value: Value; readonly labelKey: string } | { readonly value: Value; readonly label: string };

export interface FilterMenuProps<Value extends string | number> {
  readonly name: string;
  readonly labelKey: string;
  readonly options: readonly FilterOption<Value>[];
  readonly selected: readonly Value[];
  readonly onChange: (selected: Value[]) => void;
}

/** A list filter: a button that says how many values are chosen, opening a menu to tick them. */
export function FilterMenu<Value extends string | number>({
  name,
  labelKey,
  options,
  selected,
  onChange,
}: FilterMenuProps<Value>) {
  const { t } = useTranslation();
  const toggle = (value: Value) =>
    onChange(selected.includes(value) ? selected.filter((item) => item !== value) : [...selected, value]);
  return (
    <Popover
      placement="bottom-start"
      content={
        <Menu>
          {options.map((option) => (
            <MenuItem
              key={option.value}
              text={'label' in option ? option.label : t(option.labelKey)}
              icon={selected.includes(option.value) ? 'tick' : 'blank'}
              roleStructure="listoption"
              selected={selected.includes(option.value)}
              shouldDismissPopover={false}
              onClick={() => toggle(option.value)}
              data-testid={TestId.logs.filterOption(name, option.value)}
            />
          ))}
          {selected.length > 0 && (
            <>
              <MenuDivider />
              <MenuItem icon="cross" text={t('logs.filters.clear')} onClick={() => onChange([])} />
            </>
          )}
        </Menu>
      }
    >
      <Button
        size="small"
        endIcon="caret-down"
        intent={selected.length > 0 ? 'primary' : 'none'}
        data-testid={TestId.logs.filter(name)}
      >
        {selected.length > 0 ? t('logs.filters.chosen', { label: t(labelKey), count: selected.length }) : t(labelKey)}
      </Button>
    </Popover>
  );
}
