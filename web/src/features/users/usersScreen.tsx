import {
  API,
  can,
  DEFAULT_USER_SEVERITY,
  TestId,
  TwoFactorStatus,
  UserCreateSchema,
  UserUpdateSchema,
  type User,
} from '@halo/shared';
import { defineCrudScreen, TranslatedTag, twoFactorTag, defineResource } from '../../crud';
import { SEVERITY_LABEL_KEYS, severityLabelKey } from '../../lib/i18n';
import { AllowedDevicesPicker } from './components/AllowedDevicesPicker';
import { PermissionEditor } from './components/PermissionEditor';

export interface UserValues {
  /** The row being edited (null when adding); not sent, it tells the editor whose permissions these are. */
  readonly id: number | null;
  readonly username: string;
  readonly name: string;
  readonly password: string;
  readonly email: string;
  readonly description: string;
  readonly permissions: readonly number[];
  readonly severity: number;
  readonly is_disabled: boolean;
  /** Devices granted to the user (section 6). */
  readonly allowed_devices: readonly number[];
}

export const usersResource = defineResource({
  name: 'users',
  endpoints: { list: API.users.list, create: API.users.create, update: API.users.update, remove: API.users.remove },
  rowsOf: (answer) => answer.users,
  actions: { deactivateTwoFactor: API.users.deactivateTwoFactor },
});

/** A user's body with the password the mode sends (typed as it is, so each mode's body keeps its own type). */
function userBody<Password extends string | null>(values: UserValues, password: Password) {
  return {
    user: {
      username: values.username,
      name: values.name === '' ? null : values.name,
      password,
      email: values.email,
      description: values.description === '' ? null : values.description,
      permissions: [...values.permissions],
      severity: values.severity,
      is_disabled: values.is_disabled,
      allowed_devices: [...values.allowed_devices],
    },
  };
}

/** The request bodies of a user save (spec section 7): an empty password on edit is sent as null (unchanged). */
export const userPayload = {
  add: (values: UserValues) => userBody(values, values.password),
  edit: (values: UserValues) => userBody(values, values.password === '' ? null : values.password),
};

/** Users of the current environment; the environment manager's row is protected (spec section 5). */
export const usersScreen = defineCrudScreen<User, UserValues, typeof usersResource>({
  resource: usersResource,
  i18nPrefix: 'users',
  capabilities: { add: 'users.add', update: 'users.update', delete: 'users.delete' },
  columns: [
    {
      key: 'username',
      labelKey: 'users.columns.username',
      value: (row) => row.username,
      render: (row) => (
        <>
          <span>{row.username}</span>{' '}
          {row.environment_manager && (
            <TranslatedTag textKey="users.list.manager" intent="primary" testId={TestId.people.managerTag(row.id)} />
          )}
        </>
      ),
      sortable: true,
    },
    { key: 'name', labelKey: 'users.columns.name', value: (row) => row.name, sortable: true },
    { key: 'email', labelKey: 'users.columns.email', value: (row) => row.email, sortable: true },
    {
      key: 'severity',
      labelKey: 'users.columns.severity',
      value: (row) => row.severity,
      render: (row) => <TranslatedTag textKey={severityLabelKey(row.severity)} />,
      sortable: true,
    },
    {
      key: 'status',
      labelKey: 'users.columns.status',
      value: (row) => (row.is_disabled ? 1 : 0),
      render: (row) => (
        <TranslatedTag
          textKey={row.is_disabled ? 'users.list.disabled' : 'users.list.enabled'}
          intent={row.is_disabled ? 'danger' : 'success'}
        />
      ),
      sortable: true,
    },
    {
      key: 'twoFactor',
      labelKey: 'users.columns.twoFactor',
      value: (row) => row.two_factor_auth_status,
      render: (row) => <TranslatedTag {...twoFactorTag(row.two_factor_auth_status)} />,
      sortable: true,
    },
  ],
  fields: [
    { name: 'username', kind: 'text', labelKey: 'users.fields.username', required: () => true },
    { name: 'name', kind: 'text', labelKey: 'users.fields.name' },
    {
      name: 'password',
      kind: 'password',
      labelKey: 'users.fields.password',
      required: (mode) => mode === 'add',
      placeholderKey: (mode) => (mode === 'edit' ? 'crud.fields.passwordUnchanged' : undefined),
    },
    { name: 'email', kind: 'email', labelKey: 'users.fields.email', required: () => true },
    { name: 'description', kind: 'textarea', labelKey: 'users.fields.description' },
    {
      name: 'severity',
      kind: 'select',
      labelKey: 'users.fields.severity',
      helperKey: 'users.help.severity',
      options: Object.entries(SEVERITY_LABEL_KEYS).map(([value, labelKey]) => ({ value: Number(value), labelKey })),
    },
    { name: 'is_disabled', kind: 'switch', labelKey: 'users.fields.disabled' },
    {
      name: 'permissions',
      kind: 'custom',
      labelKey: 'users.fields.permissions',
      render: ({ values, onChange, disabled }) => (
        <PermissionEditor
          userId={values.id}
          value={values.permissions}
          disabled={disabled}
          onChange={(permissions) => onChange({ ...values, permissions })}
        />
      ),
    },
    {
      name: 'allowed_devices',
      kind: 'custom',
      labelKey: 'users.fields.allowedDevices',
      helperKey: 'users.help.allowedDevices',
      render: ({ values, onChange, disabled }) => (
        <AllowedDevicesPicker
          value={values.allowed_devices}
          disabled={disabled}
          onChange={(allowed_devices) => onChange({ ...values, allowed_devices })}
        />
      ),
    },
  ],
  rowActions: [
    {
      name: 'deactivateTwoFactor',
      icon: 'unlock',
      labelKey: 'users.actions.deactivateTwoFactor',
      confirmKey: 'users.actions.deactivateTwoFactorConfirm',
      successKey: 'users.success.twoFactorDeactivated',
      visible: (row, subject) =>
        can(subject, 'twoFactor.deactivateOthers') &&
        row.two_factor_auth_status === TwoFactorStatus.ACTIVE &&
        row.id !== subject?.user_id,
    },
  ],
  isProtected: (row) => row.environment_manager,
  rowId: (row) => row.id,
  rowLabel: (row) => row.username,
  searchText: (row) => [row.username, row.name ?? '', row.email ?? '', row.description ?? ''].join(' '),
  emptyValues: () => ({
    id: null,
    username: '',
    name: '',
    password: '',
    email: '',
    description: '',
    permissions: [],
    severity: DEFAULT_USER_SEVERITY,
    is_disabled: false,
    allowed_devices: [],
  }),
  toValues: (row) => ({
    id: row.id,
    username: row.username,
    name: row.name ?? '',
    password: '',
    email: row.email ?? '',
    description: row.description ?? '',
    permissions: row.permissions,
    severity: row.severity,
    is_disabled: row.is_disabled,
    allowed_devices: row.allowed_devices ?? [],
  }),
  toPayload: userPayload,
  validationSchema: (mode) => (mode === 'add' ? UserCreateSchema : UserUpdateSchema),
  dialogWidth: 800,
});
