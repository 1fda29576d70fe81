import { Callout, Checkbox, HTMLTable } from '@blueprintjs/core';
import { canGrant, PERMISSION_AREAS, TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { permissionName } from '../../../lib/i18n';
import { useSessionSelector } from '../../../lib/session';
import {
  AREA_LABEL_KEYS,
  areaState,
  KIND_LABEL_KEYS,
  PERMISSION_KINDS,
  permissionOf,
  toggleArea,
  togglePermission,
  type PermissionArea,
} from '../permissionEditor';

export interface PermissionEditorProps {
  /** Whose permissions these are (null for a new user): nobody changes their own. */
  readonly userId: number | null;
  readonly value: readonly number[];
  readonly onChange: (permissions: number[]) => void;
  readonly disabled: boolean;
}

/**
 * Permissions grouped by area (spec section 6): view, add, update, delete and the
 * all-variants as checkboxes, plus 'all' per area. A non-manager can grant only what they
 * hold themselves, so the rest is disabled.
 */
export function PermissionEditor({ userId, value, onChange, disabled: disabledByForm }: PermissionEditorProps) {
  const { t } = useTranslation();
  const granter = useSessionSelector((snapshot) => snapshot.context.session);
  const ownPermissions = useSessionSelector(
    (snapshot) => userId !== null && snapshot.context.session?.user_id === userId,
  );
  const disabled = disabledByForm || ownPermissions;
  const mayGrant = (permission: number) => canGrant(granter, permission);

  const row = (area: PermissionArea) => {
    const state = areaState(value, area);
    const allGrantable = PERMISSION_KINDS.every((kind) => {
      const permission = permissionOf(area, kind);
      return permission === undefined || mayGrant(permission);
    });
    return (
      <tr key={area.area}>
        <td>
          {t(AREA_LABEL_KEYS[area.area])}
          {area.area === 'logs' && (
            <div className="bp6-text-muted bp6-text-small">{t('users.permissions.special.logsUpdateNote')}</div>
          )}
        </td>
        <td>
          <Checkbox
            checked={state === 'all'}
            indeterminate={state === 'some'}
            disabled={disabled || !allGrantable}
            aria-label={t('users.permissions.allOf', { area: t(AREA_LABEL_KEYS[area.area]) })}
            onChange={(event) => onChange(toggleArea(value, area, event.currentTarget.checked))}
            data-testid={TestId.people.permissionAll(area.area)}
          />
        </td>
        {PERMISSION_KINDS.map((kind) => {
          const permission = permissionOf(area, kind);
          return (
            <td key={kind}>
              {permission !== undefined && (
                <Checkbox
                  checked={value.includes(permission)}
                  disabled={disabled || !mayGrant(permission)}
                  aria-label={permissionName(t, permission)}
                  title={permissionName(t, permission)}
                  onChange={(event) => onChange(togglePermission(value, area, kind, event.currentTarget.checked))}
                  data-testid={TestId.people.permission(area.area, kind)}
                />
              )}
            </td>
          );
        })}
      </tr>
    );
  };

  return (
    <>
      {ownPermissions && (
        <Callout icon="lock" className="permission-editor-note" data-testid={TestId.people.ownPermissionsLocked}>
          {t('users.permissions.ownLocked')}
        </Callout>
      )}
      <HTMLTable compact className="permission-editor">
        <thead>
          <tr>
            <th>{t('users.permissions.area')}</th>
            <th>{t('users.permissions.all')}</th>
            {PERMISSION_KINDS.map((kind) => (
              <th key={kind}>{t(KIND_LABEL_KEYS[kind])}</th>
            ))}
          </tr>
        </thead>
        <tbody>{PERMISSION_AREAS.map(row)}</tbody>
      </HTMLTable>
    </>
  );
}
