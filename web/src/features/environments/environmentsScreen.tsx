import {
  API,
  can,
  DEFAULT_USER_SEVERITY,
  EnvironmentCreateSchema,
  EnvironmentUpdateSchema,
  featuresOfReach,
  heatSightReach,
  TwoFactorStatus,
  type HeatSightReach,
  type Environment,
} from '@halo/shared';
import { defineCrudScreen, TranslatedTag, twoFactorTag, defineResource } from '../../crud';
import { SEVERITY_LABEL_KEYS, severityLabelKey } from '../../lib/i18n';
import { RenameCurrentEnvironment } from './components/RenameCurrentEnvironment';

export type CaChoice = 'own' | 'custom';

/** The HeatSight choices of the dialog, with their labels. */
const HEATSIGHT_REACH_KEYS: Readonly<Record<HeatSightReach, string>> = {
  none: 'environments.heatSight.none',
  own: 'environments.heatSight.own',
  descendants: 'environments.heatSight.descendants',
};

export interface EnvironmentValues {
  readonly environment_name: string;
  readonly username: string;
  readonly password: string;
  readonly email: string;
  readonly description: string;
  readonly ca_choice: CaChoice;
  readonly ca_server_address: string;
  /** HeatSight for the environment: granted by a manager above it (spec 2, 6). */
  readonly heat_sight: HeatSightReach;
  /** The lowest severity of alarm that reaches the environment's manager (issue 39, item 1). */
  readonly severity: number;
}

export const environmentsResource = defineResource({
  name: 'environments',
  endpoints: {
    list: API.environments.list,
    create: API.environments.create,
    update: API.environments.update,
    remove: API.environments.remove,
  },
  rowsOf: (answer) => answer.environments,
  actions: { deactivateTwoFactor: API.environments.deactivateTwoFactor },
});

/** An environment's body with the password the mode sends (typed as it is, so each mode's body keeps its own type). */
function environmentBody<Password extends string | null>(values: EnvironmentValues, password: Password) {
  return {
    environment_name: values.environment_name,
    username: values.username,
    password,
    email: values.email,
    description: values.description === '' ? null : values.description,
    ca_server_address: values.ca_choice === 'custom' ? values.ca_server_address : null,
    enabled_feature_ids: featuresOfReach(values.heat_sight),
    severity: values.severity,
  };
}

/**
 * The request bodies of an environment save (spec section 7): an empty password on edit is
 * sent as null (unchanged); the product's own CA is a null ca_server_address.
 */
export const environmentPayload = {
  add: (values: EnvironmentValues) => environmentBody(values, values.password),
  edit: (values: EnvironmentValues) => environmentBody(values, values.password === '' ? null : values.password),
};

/** Sub-environments of the current one, each created with its manager (spec sections 3, 7). */
export const environmentsScreen = defineCrudScreen<Environment, EnvironmentValues, typeof environmentsResource>({
  resource: environmentsResource,
  i18nPrefix: 'environments',
  capabilities: { add: 'environments.add', update: 'environments.update', delete: 'environments.delete' },
  columns: [
    { key: 'name', labelKey: 'environments.columns.name', value: (row) => row.name, sortable: true },
    { key: 'username', labelKey: 'environments.columns.manager', value: (row) => row.username, sortable: true },
    { key: 'email', labelKey: 'environments.columns.email', value: (row) => row.email, sortable: true },
    { key: 'description', labelKey: 'environments.columns.description', value: (row) => row.description },
    {
      key: 'ca',
      labelKey: 'environments.columns.ca',
      value: (row) => row.ca_server_address ?? '',
      render: (row) => row.ca_server_address ?? <TranslatedTag textKey="environments.ca.own" />,
      sortable: true,
    },
    {
      key: 'heatSight',
      labelKey: 'environments.columns.heatSight',
      value: (row) => heatSightReach(row.enabled_feature_ids),
      render: (row) => <TranslatedTag textKey={HEATSIGHT_REACH_KEYS[heatSightReach(row.enabled_feature_ids)]} />,
      sortable: true,
    },
    {
      key: 'severity',
      labelKey: 'environments.columns.severity',
      value: (row) => row.severity,
      render: (row) => <TranslatedTag textKey={severityLabelKey(row.severity)} />,
      sortable: true,
    },
    {
      key: 'twoFactor',
      labelKey: 'environments.columns.twoFactor',
      value: (row) => row.two_factor_auth_status,
      render: (row) => <TranslatedTag {...twoFactorTag(row.two_factor_auth_status)} />,
      sortable: true,
    },
  ],
  fields: [
    { name: 'environment_name', kind: 'text', labelKey: 'environments.fields.name', required: () => true },
    { name: 'username', kind: 'text', labelKey: 'environments.fields.username', required: () => true },
    {
      name: 'password',
      kind: 'password',
      labelKey: 'environments.fields.password',
      required: (mode) => mode === 'add',
      placeholderKey: (mode) => (mode === 'edit' ? 'crud.fields.passwordUnchanged' : undefined),
    },
    { name: 'email', kind: 'email', labelKey: 'environments.fields.email', required: () => true },
    { name: 'description', kind: 'textarea', labelKey: 'environments.fields.description' },
    {
      name: 'severity',
      kind: 'select',
      labelKey: 'environments.fields.severity',
      helperKey: 'environments.fields.severityHelp',
      options: Object.entries(SEVERITY_LABEL_KEYS).map(([value, labelKey]) => ({ value: Number(value), labelKey })),
    },
    {
      name: 'heat_sight',
      kind: 'select',
      labelKey: 'environments.fields.heatSight',
      helperKey: 'environments.fields.heatSightHelp',
      options: Object.entries(HEATSIGHT_REACH_KEYS).map(([value, labelKey]) => ({ value, labelKey })),
      // Only an environment manager grants features to the environments below.
      hidden: (_values, _mode, subject) => !can(subject, 'environments.grantFeatures'),
    },
    {
      name: 'ca_choice',
      kind: 'select',
      labelKey: 'environments.fields.caChoice',
      section: 'advanced',
      options: [
        { value: 'own', labelKey: 'environments.ca.own' },
        { value: 'custom', labelKey: 'environments.ca.custom' },
      ],
    },
    {
      name: 'ca_server_address',
      kind: 'text',
      labelKey: 'environments.fields.caServerAddress',
      helperKey: 'environments.fields.caServerAddressHelp',
      section: 'advanced',
      required: () => true,
      hidden: (values) => values.ca_choice !== 'custom',
    },
  ],
  rowActions: [
    {
      name: 'deactivateTwoFactor',
      icon: 'unlock',
      labelKey: 'environments.actions.deactivateTwoFactor',
      confirmKey: 'environments.actions.deactivateTwoFactorConfirm',
      successKey: 'environments.success.twoFactorDeactivated',
      // A parent-environment manager, for a sub-environment whose manager has 2FA active.
      visible: (row, subject) =>
        can(subject, 'twoFactor.deactivateOthers') && row.two_factor_auth_status === TwoFactorStatus.ACTIVE,
    },
  ],
  rowId: (row) => row.id,
  rowLabel: (row) => row.name,
  searchText: (row) => [row.name, row.username, row.email ?? '', row.description ?? ''].join(' '),
  emptyValues: () => ({
    environment_name: '',
    username: '',
    password: '',
    email: '',
    description: '',
    ca_choice: 'own',
    ca_server_address: '',
    heat_sight: 'none',
    severity: DEFAULT_USER_SEVERITY,
  }),
  toValues: (row) => ({
    environment_name: row.name,
    username: row.username,
    password: '',
    email: row.email ?? '',
    description: row.description ?? '',
    ca_choice: row.ca_server_address ? 'custom' : 'own',
    ca_server_address: row.ca_server_address ?? '',
    heat_sight: heatSightReach(row.enabled_feature_ids),
    severity: row.severity,
  }),
  toPayload: environmentPayload,
  validationSchema: (mode) => (mode === 'add' ? EnvironmentCreateSchema : EnvironmentUpdateSchema),
  toolbar: () => <RenameCurrentEnvironment />,
  dialogWidth: 500,
});
