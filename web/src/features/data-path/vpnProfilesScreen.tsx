import {
  API,
  AuthDigest,
  AuthUserPassType,
  CompressionType,
  EncryptionType,
  LayerType,
  OpenVpnProfileInputSchema,
  type OpenVpnProfile,
} from '@halo/shared';
import { defineCrudScreen, TranslatedTag, defineResource } from '../../crud';
import { CustomFieldsEditor } from './components/CustomFieldsEditor';
import { GenerateCertificateButton } from './components/GenerateCertificateButton';
import {
  emptyProfileValues,
  profileFieldOfPath,
  profilePayload,
  profileToValues,
  type ProfileValues,
} from './profileForm';
import {
  COMPRESSION_LABEL_KEYS,
  CREDENTIALS_LABEL_KEYS,
  DIGEST_LABEL_KEYS,
  ENCRYPTION_LABEL_KEYS,
  encryptionLabelKey,
  LAYER_LABEL_KEYS,
} from './dataPathLabels';

export const vpnProfilesResource = defineResource({
  name: 'vpnProfiles',
  endpoints: {
    list: API.vpn.profiles,
    create: API.vpn.createProfile,
    update: API.vpn.updateProfile,
    remove: API.vpn.removeProfile,
  },
  rowsOf: (answer) => answer.openvpn_profiles,
});

const credentialsNotStatic = (values: ProfileValues) => values.authUserPassType !== 'static';

/** OpenVPN profiles: general, server and advanced sections, each null when left empty. */
export const vpnProfilesScreen = defineCrudScreen<OpenVpnProfile, ProfileValues, typeof vpnProfilesResource>({
  resource: vpnProfilesResource,
  i18nPrefix: 'dataPath.profiles',
  searchList: 'dataPath',
  capabilities: { add: 'openVpnProfiles.add', update: 'openVpnProfiles.update', delete: 'openVpnProfiles.delete' },
  columns: [
    { key: 'name', labelKey: 'dataPath.profiles.columns.name', value: (row) => row.name, sortable: true },
    {
      key: 'mode',
      labelKey: 'dataPath.profiles.columns.mode',
      value: (row) => (row.is_private ? 1 : 0),
      render: (row) => (
        <TranslatedTag
          textKey={row.is_private ? 'dataPath.profiles.modes.private' : 'dataPath.profiles.modes.automatic'}
          intent={row.is_private ? 'warning' : 'primary'}
        />
      ),
      sortable: true,
    },
    {
      key: 'server',
      labelKey: 'dataPath.profiles.columns.server',
      value: (row) => (row.server_config ? `${row.server_config.server_address}:${row.server_config.port}` : null),
    },
    {
      key: 'encryption',
      labelKey: 'dataPath.profiles.columns.encryption',
      value: (row) => row.general_config?.encryption_type ?? null,
      render: (row) =>
        row.general_config ? <TranslatedTag textKey={encryptionLabelKey(row.general_config.encryption_type)} /> : '-',
    },
    {
      key: 'enabled',
      labelKey: 'dataPath.profiles.columns.enabled',
      value: (row) => row.is_enabled,
    },
  ],
  fields: [
    { name: 'name', kind: 'text', labelKey: 'dataPath.profiles.fields.name', required: () => true },
    { name: 'isEnabled', kind: 'switch', labelKey: 'dataPath.profiles.fields.isEnabled' },
    {
      name: 'mode',
      kind: 'select',
      labelKey: 'dataPath.profiles.fields.mode',
      helperKey: 'dataPath.profiles.fields.modeHelp',
      options: [
        { value: 'automatic', labelKey: 'dataPath.profiles.modes.automatic' },
        { value: 'private', labelKey: 'dataPath.profiles.modes.private' },
      ],
    },
    { name: 'autoActivate', kind: 'switch', labelKey: 'dataPath.profiles.fields.autoActivate' },
    { name: 'caFamily', kind: 'text', labelKey: 'dataPath.profiles.fields.caFamily' },
    {
      name: 'encryptionType',
      kind: 'select',
      labelKey: 'dataPath.profiles.fields.encryptionType',
      section: 'general',
      options: Object.values(EncryptionType).map((value) => ({
        value,
        labelKey: ENCRYPTION_LABEL_KEYS[value],
      })),
    },
    {
      name: 'compressionType',
      kind: 'select',
      labelKey: 'dataPath.profiles.fields.compressionType',
      section: 'general',
      options: Object.values(CompressionType).map((value) => ({
        value,
        labelKey: COMPRESSION_LABEL_KEYS[value],
      })),
    },
    {
      name: 'layerType',
      kind: 'select',
      labelKey: 'dataPath.profiles.fields.layerType',
      section: 'general',
      options: Object.values(LayerType).map((value) => ({ value, labelKey: LAYER_LABEL_KEYS[value] })),
    },
    // Required: without them the generated file has no `remote` line and cannot connect.
    {
      name: 'serverAddress',
      kind: 'text',
      labelKey: 'dataPath.profiles.fields.serverAddress',
      section: 'server',
      required: () => true,
    },
    {
      name: 'serverPort',
      kind: 'number',
      labelKey: 'dataPath.profiles.fields.serverPort',
      section: 'server',
      required: () => true,
    },
    { name: 'managedIp', kind: 'text', labelKey: 'dataPath.profiles.fields.managedIp', section: 'server' },
    {
      name: 'managedSubnetMask',
      kind: 'text',
      labelKey: 'dataPath.profiles.fields.managedSubnetMask',
      section: 'server',
    },
    { name: 'fragment', kind: 'number', labelKey: 'dataPath.profiles.fields.fragment', section: 'advanced' },
    { name: 'mssfix', kind: 'number', labelKey: 'dataPath.profiles.fields.mssfix', section: 'advanced' },
    {
      name: 'auth',
      kind: 'select',
      labelKey: 'dataPath.profiles.fields.auth',
      section: 'advanced',
      options: [
        { value: '', labelKey: 'dataPath.profiles.notSet' },
        ...AuthDigest.map((value) => ({ value, labelKey: DIGEST_LABEL_KEYS[value] })),
      ],
    },
    {
      name: 'keyDirection',
      kind: 'select',
      labelKey: 'dataPath.profiles.fields.keyDirection',
      section: 'advanced',
      options: [
        { value: '', labelKey: 'dataPath.profiles.notSet' },
        { value: 0, labelKey: 'dataPath.profiles.keyDirections.zero' },
        { value: 1, labelKey: 'dataPath.profiles.keyDirections.one' },
      ],
    },
    { name: 'remoteCertTls', kind: 'switch', labelKey: 'dataPath.profiles.fields.remoteCertTls', section: 'advanced' },
    { name: 'tlsAuth', kind: 'switch', labelKey: 'dataPath.profiles.fields.tlsAuth', section: 'advanced' },
    {
      name: 'authUserPassType',
      kind: 'select',
      labelKey: 'dataPath.profiles.fields.authUserPassType',
      section: 'advanced',
      options: [
        { value: '', labelKey: 'dataPath.profiles.notSet' },
        ...AuthUserPassType.map((value) => ({ value, labelKey: CREDENTIALS_LABEL_KEYS[value] })),
      ],
    },
    {
      name: 'authUsername',
      kind: 'text',
      labelKey: 'dataPath.profiles.fields.authUsername',
      section: 'advanced',
      required: () => true,
      hidden: credentialsNotStatic,
    },
    {
      name: 'authPassword',
      kind: 'password',
      labelKey: 'dataPath.profiles.fields.authPassword',
      section: 'advanced',
      required: () => true,
      hidden: credentialsNotStatic,
    },
    {
      name: 'customFields',
      kind: 'custom',
      labelKey: 'dataPath.profiles.fields.customFields',
      section: 'advanced',
      render: ({ values, onChange, disabled }) => (
        <CustomFieldsEditor
          rows={values.customFields}
          disabled={disabled}
          onChange={(customFields) => onChange({ ...values, customFields })}
        />
      ),
    },
  ],
  rowId: (row) => row.id,
  rowLabel: (row) => row.name,
  searchText: (row) => [row.name, row.server_config?.server_address ?? ''].join(' '),
  emptyValues: emptyProfileValues,
  toValues: profileToValues,
  toPayload: { add: profilePayload, edit: profilePayload },
  validationSchema: () => OpenVpnProfileInputSchema,
  fieldOfPath: profileFieldOfPath,
  toolbar: () => <GenerateCertificateButton />,
  dialogWidth: 800,
});
