/** Enumerations of spec sections 3 and 4. */

export const LoginState = { NOT_LOGGED_IN: 0, NOT_VERIFIED: 1, LOGGED_IN: 2 } as const;
export type LoginState = (typeof LoginState)[keyof typeof LoginState];

export const TwoFactorStatus = { INACTIVE: 1, PENDING: 2, ACTIVE: 3 } as const;
export type TwoFactorStatus = (typeof TwoFactorStatus)[keyof typeof TwoFactorStatus];

export const DeviceRole = { CLIENT: 1, SERVER: 2 } as const;
export type DeviceRole = (typeof DeviceRole)[keyof typeof DeviceRole];

export const DeviceType = { HALO: 1, DRONECOMMX: 2 } as const;
export type DeviceType = (typeof DeviceType)[keyof typeof DeviceType];

export const ConnectionStatus = { CONNECTED: 1, NOT_CONNECTED: 2, NON_ACTIVATED: 3, UNKNOWN: 4 } as const;
export type ConnectionStatus = (typeof ConnectionStatus)[keyof typeof ConnectionStatus];

export const MainAppStatus = { NONE: 0, ONLINE: 1, OFFLINE: 2 } as const;
export type MainAppStatus = (typeof MainAppStatus)[keyof typeof MainAppStatus];

export const LocationStatus = { UNAVAILABLE: 0, OFFLINE: 1, ONLINE: 2 } as const;
export type LocationStatus = (typeof LocationStatus)[keyof typeof LocationStatus];

export const DeviceDisplayStatus = ['online', 'offline', 'activated'] as const;
export const DeviceChipState = ['connected', 'notConnected', 'alert', 'notActivated'] as const;
export type DeviceChipState = (typeof DeviceChipState)[number];

export const Severity = { NORMAL: 0, MINOR: 1, MAJOR: 2, CRITICAL: 3 } as const;
export type Severity = (typeof Severity)[keyof typeof Severity];
export const SEVERITY_NAMES = ['normal', 'minor', 'major', 'critical'] as const;
export type SeverityName = (typeof SEVERITY_NAMES)[number];

export const AuditAction = {
  CREATE: 'create',
  UPDATE: 'update',
  DELETE: 'delete',
  ENABLE: 'enable',
  DISABLE: 'disable',
  EVENT: 'event',
  /** An alarm acknowledged (issue 27). */
  ACKNOWLEDGE: 'acknowledge',
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];

export const AuditResource = {
  SESSION: 'session',
  ENVIRONMENT: 'environment',
  USER: 'user',
  GROUP: 'group',
  DEVICE: 'device',
  APPLICATION_RULE: 'application_rule',
  OPENVPN_PROFILE: 'openvpn_profile',
  VPN_CERTIFICATE: 'vpn_certificate',
  THRESHOLD: 'threshold',
  VERSION_DEFINITION: 'version_definition',
  SATCOM_TARGET: 'satcom_target',
  TWO_FACTOR: 'two_factor',
  ALARM: 'alarm',
  ALARM_SILENCE: 'alarm_silence',
  ALARM_WEBHOOK: 'alarm_webhook',
} as const;
export type AuditResource = (typeof AuditResource)[keyof typeof AuditResource];

export const SatcomLinkStatus = { DISABLED: 1, MISCONFIGURED: 2, CONNECTED: 3, TRANSMITTED: 4 } as const;
export type SatcomLinkStatus = (typeof SatcomLinkStatus)[keyof typeof SatcomLinkStatus];
export const SATCOM_PROVIDER_SATELLITE_MESSAGING = 1;

/** realm_type: 1 is shown as cloud, any other value as on-premises; 2 disables HeatSight. */
export const RealmType = { CLIENT: 1, SERVER: 2 } as const;
export type RealmType = (typeof RealmType)[keyof typeof RealmType];
export const CLOUD_REALM_TYPE = RealmType.CLIENT;

export const RedundancyLevel = { NONE: 0, DOUBLE: 1, TRIPLE: 2, QUADRUPLE: 3, CUSTOM: 4 } as const;
export type RedundancyLevel = (typeof RedundancyLevel)[keyof typeof RedundancyLevel];

export const ThresholdAttributeType = {
  TEMPERATURE: 1,
  DEVICE_STATE: 2,
  CELLULAR_PORT_1: 3,
  CELLULAR_PORT_2: 4,
  CELLULAR_PORT_3: 5,
  CELLULAR_PORT_4: 6,
  ETHERNET_PORT_1: 7,
  ETHERNET_PORT_2: 8,
  WIFI: 9,
  VLAN: 10,
  CELLULAR_MODEMS_HEALTH: 11,
  SIM_EVENT: 12,
  ETHERNET_PORT_3: 13,
} as const;
export type ThresholdAttributeType = (typeof ThresholdAttributeType)[keyof typeof ThresholdAttributeType];

export const EncryptionType = { BLOWFISH: 1, AES_256: 3 } as const;
export const CompressionType = { LZO: 1, LZ4: 3 } as const;
export const LayerType = { LAYER_2: 2, LAYER_3: 3 } as const;
export const AuthDigest = ['sha1', 'sha256'] as const;
export const AuthUserPassType = ['static', 'dynamic', 'none'] as const;
export const RuleTopology = ['star'] as const;
export const PairingMode = ['direct', 'p2p'] as const;
export const EndpointType = ['custom', 'embedded_openvpn'] as const;
export const RuleProtocol = ['tcp', 'udp', 'multicast'] as const;
export const CertificationType = { OPENVPN_CLIENT: 1 } as const;

/** Steps of the 2FA settings dialog: they follow the setup status (section 4). */
export const TwoFactorStep = { INITIAL: 1, ACTIVATION: 2, ACTIVE: 3 } as const;
export type TwoFactorStep = (typeof TwoFactorStep)[keyof typeof TwoFactorStep];

/** The dialog opens on step 3 when 2FA is already active, otherwise on step 1. */
export function initialTwoFactorStep(setupStatus: number): TwoFactorStep {
  return setupStatus === TwoFactorStatus.ACTIVE ? TwoFactorStep.ACTIVE : TwoFactorStep.INITIAL;
}

/** Success message keys of the 2FA dialog (section 8). */
export const TwoFactorSuccessKey = { ACTIVATED: 'activatedSuccess', DEACTIVATED: 'deactivatedSuccess' } as const;

/** How many times each redundancy level sends a packet; level 4 carries a percentage instead. */
export const REDUNDANCY_LEVEL_SENDS: Readonly<Record<Exclude<RedundancyLevel, 4>, number>> = Object.freeze({
  [RedundancyLevel.NONE]: 1,
  [RedundancyLevel.DOUBLE]: 2,
  [RedundancyLevel.TRIPLE]: 3,
  [RedundancyLevel.QUADRUPLE]: 4,
});

/** Whether a realm is shown as cloud (realm_type 1) rather than on-premises (any other value). */
export function isCloudRealm(realmType: unknown): boolean {
  return realmType === RealmType.CLIENT;
}

/** The login state a login answer leads to: not verified while an active 2FA awaits its code. */
export function loginStateAfterLogin(answer: {
  readonly two_factor_auth: { readonly setup_status: number };
  readonly verified?: boolean;
}): LoginState {
  return answer.two_factor_auth.setup_status === TwoFactorStatus.ACTIVE && answer.verified !== true
    ? LoginState.NOT_VERIFIED
    : LoginState.LOGGED_IN;
}
