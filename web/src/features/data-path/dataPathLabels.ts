import {
  CertificationType,
  CompressionType,
  EncryptionType,
  LayerType,
  RedundancyLevel,
  type AuthDigest,
  type AuthUserPassType,
  type EndpointType,
  type HUB_PRIORITIES,
  type PairingMode,
  type RuleProtocol,
  type RuleTopology,
} from '@halo/shared';

/** The texts of the data path's enumerations, each key written out so a search finds it. */
type Named<T extends readonly string[]> = Readonly<Record<T[number], string>>;
type Coded<T extends Readonly<Record<string, number>>> = Readonly<Record<T[keyof T], string>>;

export const ENDPOINT_TYPE_LABEL_KEYS: Named<typeof EndpointType> = {
  custom: 'dataPath.rules.endpointTypes.custom',
  embedded_openvpn: 'dataPath.rules.endpointTypes.embedded_openvpn',
};

export const TOPOLOGY_LABEL_KEYS: Named<typeof RuleTopology> = { star: 'dataPath.rules.topologies.star' };

export const PAIRING_MODE_LABEL_KEYS: Named<typeof PairingMode> = {
  direct: 'dataPath.rules.pairingModes.direct',
  p2p: 'dataPath.rules.pairingModes.p2p',
};

export const PROTOCOL_LABEL_KEYS: Named<typeof RuleProtocol> = {
  tcp: 'dataPath.rules.protocols.tcp',
  udp: 'dataPath.rules.protocols.udp',
  multicast: 'dataPath.rules.protocols.multicast',
};

export const HUB_LABEL_KEYS: Named<typeof HUB_PRIORITIES> = {
  primary: 'dataPath.rules.hubs.primary',
  secondary: 'dataPath.rules.hubs.secondary',
  tertiary: 'dataPath.rules.hubs.tertiary',
};

/** Redundancy levels 0 to 4 (section 3), in order. */
export const REDUNDANCY_LEVEL_LABEL_KEYS: Readonly<Record<RedundancyLevel, string>> = {
  [RedundancyLevel.NONE]: 'dataPath.redundancy.levels.none',
  [RedundancyLevel.DOUBLE]: 'dataPath.redundancy.levels.double',
  [RedundancyLevel.TRIPLE]: 'dataPath.redundancy.levels.triple',
  [RedundancyLevel.QUADRUPLE]: 'dataPath.redundancy.levels.quadruple',
  [RedundancyLevel.CUSTOM]: 'dataPath.redundancy.levels.custom',
};

export const ENCRYPTION_LABEL_KEYS: Coded<typeof EncryptionType> = {
  [EncryptionType.BLOWFISH]: 'dataPath.profiles.encryption.blowfish',
  [EncryptionType.AES_256]: 'dataPath.profiles.encryption.aes256',
};

/** The label of a stored encryption type; one this console does not know reads as the default, AES-256. */
export const encryptionLabelKey = (value: number): string =>
  (ENCRYPTION_LABEL_KEYS as Readonly<Record<number, string>>)[value] ?? ENCRYPTION_LABEL_KEYS[EncryptionType.AES_256];

export const COMPRESSION_LABEL_KEYS: Coded<typeof CompressionType> = {
  [CompressionType.LZO]: 'dataPath.profiles.compression.lzo',
  [CompressionType.LZ4]: 'dataPath.profiles.compression.lz4',
};

export const LAYER_LABEL_KEYS: Coded<typeof LayerType> = {
  [LayerType.LAYER_2]: 'dataPath.profiles.layers.layer2',
  [LayerType.LAYER_3]: 'dataPath.profiles.layers.layer3',
};

export const DIGEST_LABEL_KEYS: Named<typeof AuthDigest> = {
  sha1: 'dataPath.profiles.digests.sha1',
  sha256: 'dataPath.profiles.digests.sha256',
};

export const CREDENTIALS_LABEL_KEYS: Named<typeof AuthUserPassType> = {
  static: 'dataPath.profiles.credentials.static',
  dynamic: 'dataPath.profiles.credentials.dynamic',
  none: 'dataPath.profiles.credentials.none',
};

export const CERTIFICATION_TYPE_LABEL_KEYS: Coded<typeof CertificationType> = {
  [CertificationType.OPENVPN_CLIENT]: 'dataPath.certificate.types.openVpnClient',
};
