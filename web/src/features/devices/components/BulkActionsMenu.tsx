import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { can, TestId, type DeviceBulkAction, type Subject } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { BULK_ACTION_CAPABILITIES, BULK_ACTION_KEYS } from '../deviceBulk';

/** The menu's groups of actions, in its order. */
const ACTION_GROUPS: readonly (readonly DeviceBulkAction[])[] = [
  ['enable', 'disable', 'set_upgrade_policy'],
  ['add_to_group', 'remove_from_group'],
  ['delete'],
];

const ACTION_ICONS = {
  enable: 'play',
  disable: 'pause',
  set_upgrade_policy: 'automatic-updates',
  add_to_group: 'add-to-folder',
  remove_from_group: 'remove',
  delete: 'trash',
} as const;

/**
 * The selection bar's actions: those the user's permissions do not open are disabled (the
 * provider still checks each device, and the report names those it refused).
 */
export function BulkActionsMenu({
  subject,
  onChoose,
}: {
  readonly subject: Subject | null;
  readonly onChoose: (action: DeviceBulkAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu>
          {ACTION_GROUPS.map((actions, index) => [
            index > 0 ? <MenuDivider key={`divider-${index}`} /> : null,
            ...actions.map((action) => {
              const allowed = can(subject, BULK_ACTION_CAPABILITIES[action]);
              return (
                <MenuItem
                  key={action}
                  icon={ACTION_ICONS[action]}
                  intent={action === 'delete' ? 'danger' : 'none'}
                  text={t(BULK_ACTION_KEYS[action].label)}
                  disabled={!allowed}
                  title={allowed ? undefined : t('crud.list.noPermission')}
                  onClick={() => onChoose(action)}
                  data-testid={TestId.devicesBulk.action(action)}
                />
              );
            }),
          ])}
        </Menu>
      }
    >
      <Button
        size="small"
        intent="primary"
        icon="properties"
        endIcon="caret-down"
        text={t('devices.bulk.actions')}
        data-testid={TestId.devicesBulk.actions}
      />
    </Popover>
  );
}
