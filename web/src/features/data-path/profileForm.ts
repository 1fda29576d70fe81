import type { AuthDigest, AuthUserPassType } from '@halo/shared';
import { DEFAULT_GENERAL_CONFIG, emptyCustomFieldRows, type CustomField, type OpenVpnProfile } from '@halo/shared';

type Digest = (typeof AuthDigest)[number];
type Credentials = (typeof AuthUserPassType)[number];

/** The VPN profile dialog's values: general, server and advanced sections flattened. */
export interface ProfileValues {
  readonly name: string;
  readonly isEnabled: boolean;
  readonly mode: 'automatic' | 'private';
  readonly autoActivate: boolean;
  readonly caFamily: string;
  readonly encryptionType: number;
  readonly compressionType: number;
  readonly layerType: number;
  readonly serverAddress: string;
  readonly serverPort: number | null;
  readonly managedIp: string;
  readonly managedSubnetMask: string;
  readonly fragment: number | null;
  readonly mssfix: number | null;
  /** '' is not set. */
  readonly auth: Digest | '';
  readonly keyDirection: 0 | 1 | '';
  readonly remoteCertTls: boolean;
  readonly tlsAuth: boolean;
  readonly authUserPassType: Credentials | '';
  readonly authUsername: string;
  readonly authPassword: string;
  readonly customFields: readonly CustomField[];
}

/** Section 9 defaults (encryption 3, compression 3, layer 2), automatic mode, one empty custom row. */
export function emptyProfileValues(): ProfileValues {
  return {
    name: '',
    isEnabled: true,
    mode: 'automatic',
    autoActivate: false,
    caFamily: '',
    encryptionType: DEFAULT_GENERAL_CONFIG.encryption_type,
    compressionType: DEFAULT_GENERAL_CONFIG.compression_type,
    layerType: DEFAULT_GENERAL_CONFIG.layer_type,
    serverAddress: '',
    serverPort: null,
    managedIp: '',
    managedSubnetMask: '',
    fragment: null,
    mssfix: null,
    auth: '',
    keyDirection: '',
    // On unless turned off: the file checks that the server's certificate is a server's.
    remoteCertTls: true,
    tlsAuth: false,
    authUserPassType: '',
    authUsername: '',
    authPassword: '',
    customFields: emptyCustomFieldRows(),
  };
}

export function profileToValues(profile: OpenVpnProfile): ProfileValues {
  const empty = emptyProfileValues();
  const general = profile.general_config;
  const server = profile.server_config;
  const advanced = profile.advanced_config;
  const keyDirection = advanced?.key_direction;
  return {
    ...empty,
    name: profile.name,
    isEnabled: profile.is_enabled,
    mode: profile.is_private ? 'private' : 'automatic',
    caFamily: profile.ca_family ?? '',
    encryptionType: general?.encryption_type ?? empty.encryptionType,
    compressionType: general?.compression_type ?? empty.compressionType,
    layerType: general?.layer_type ?? empty.layerType,
    serverAddress: server?.server_address ?? '',
    serverPort: server?.port ?? null,
    managedIp: server?.managed_server_address_info?.ip_address ?? '',
    managedSubnetMask: server?.managed_server_address_info?.subnet_mask ?? '',
    fragment: advanced?.fragment ?? null,
    mssfix: advanced?.mssfix ?? null,
    auth: advanced?.auth ?? '',
    keyDirection: keyDirection === 0 || keyDirection === 1 ? keyDirection : '',
    remoteCertTls: advanced?.remote_cert_tls !== false,
    tlsAuth: advanced?.tls_auth ?? false,
    authUserPassType: advanced?.auth_user_pass?.type ?? '',
    authUsername: advanced?.auth_user_pass?.username ?? '',
    // Never answered back: empty keeps nothing, the user types it again for static credentials.
    authPassword: '',
    customFields:
      advanced?.custom_fields && advanced.custom_fields.length > 0 ? advanced.custom_fields : emptyCustomFieldRows(),
  };
}

const blank = (text: string) => text.trim() === '';

/**
 * POST/PUT /apps/openvpn/profiles body. An optional section the user left empty is sent as
 * null (section 3); blank custom rows are left to the shared schema to drop.
 */
export function profilePayload(values: ProfileValues) {
  const managedEmpty = blank(values.managedIp) && blank(values.managedSubnetMask);
  const customRows = values.customFields.filter((row) => !blank(row.key_name) || !blank(row.key_value));
  const credentials =
    values.authUserPassType === ''
      ? null
      : values.authUserPassType === 'static'
        ? { type: 'static' as const, username: values.authUsername, password: values.authPassword }
        : { type: values.authUserPassType, username: null, password: null };
  const advanced = {
    fragment: values.fragment,
    mssfix: values.mssfix,
    auth: values.auth === '' ? null : values.auth,
    key_direction: values.keyDirection === '' ? null : values.keyDirection,
    // Null is the default, on; only turning it off is a choice the profile stores.
    remote_cert_tls: values.remoteCertTls ? null : false,
    tls_auth: values.tlsAuth ? true : null,
    auth_user_pass: credentials,
    custom_fields: customRows.length === 0 ? null : customRows.map((row) => ({ ...row })),
  };
  const advancedEmpty = Object.values(advanced).every((value) => value === null);
  return {
    name: values.name,
    is_enabled: values.isEnabled,
    is_private: values.mode === 'private',
    auto_activate: values.autoActivate,
    ca_family: blank(values.caFamily) ? null : values.caFamily.trim(),
    general_config: {
      encryption_type: values.encryptionType,
      compression_type: values.compressionType,
      layer_type: values.layerType,
    },
    // Always sent: a profile without a server address and port cannot produce a working file.
    server_config: {
      server_address: values.serverAddress.trim(),
      port: values.serverPort,
      managed_server_address_info: managedEmpty
        ? null
        : { ip_address: values.managedIp.trim(), subnet_mask: values.managedSubnetMask.trim() },
    },
    advanced_config: advancedEmpty ? null : advanced,
  };
}

const PROFILE_FIELD_OF_PATH: Readonly<Record<string, keyof ProfileValues>> = {
  name: 'name',
  ca_family: 'caFamily',
  'general_config.encryption_type': 'encryptionType',
  'general_config.compression_type': 'compressionType',
  'general_config.layer_type': 'layerType',
  'server_config.server_address': 'serverAddress',
  'server_config.port': 'serverPort',
  'server_config.managed_server_address_info.ip_address': 'managedIp',
  'server_config.managed_server_address_info.subnet_mask': 'managedSubnetMask',
  'advanced_config.fragment': 'fragment',
  'advanced_config.mssfix': 'mssfix',
  'advanced_config.auth': 'auth',
  'advanced_config.key_direction': 'keyDirection',
  'advanced_config.auth_user_pass.username': 'authUsername',
  'advanced_config.auth_user_pass.password': 'authPassword',
  'advanced_config.auth_user_pass.type': 'authUserPassType',
};

/** Which dialog field a problem of the request body belongs to; custom rows go to the rows editor. */
export function profileFieldOfPath(path: string): string | undefined {
  if (path.startsWith('advanced_config.custom_fields')) return 'customFields';
  return PROFILE_FIELD_OF_PATH[path];
}
