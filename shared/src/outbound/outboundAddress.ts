/**
 * Where the provider may call out to an address a tenant typed (a custom CA service, a satcom
 * target), and how a refused address is explained: which rule refused it, and the provider
 * setting that opens private networks for that purpose. The check itself is the provider's
 * (provider/src/net/outboundCall.ts); the names and texts are here, once.
 */
import { ValidationKey } from '../validation/rules.js';

/** What an outbound call is for; each purpose has its own list of private networks it may reach. */
export const OutboundPurpose = {
  CA_SERVICE: 'caService',
  SATCOM_TARGET: 'satcomTarget',
  /** Alarm webhook targets (issue 27). */
  ALARM_WEBHOOK: 'alarmWebhook',
} as const;
export type OutboundPurpose = (typeof OutboundPurpose)[keyof typeof OutboundPurpose];

/** The provider setting (environment variable) that lists the private networks a purpose may call. */
export const OUTBOUND_NETWORK_SETTINGS: Readonly<Record<OutboundPurpose, string>> = {
  caService: 'HALO_CA_ALLOWED_NETWORKS',
  satcomTarget: 'HALO_SATCOM_ALLOWED_NETWORKS',
  alarmWebhook: 'HALO_WEBHOOK_ALLOWED_NETWORKS',
};

/**
 * Purposes whose setting may also list loopback blocks (127.0.0.0/8, ::1): an alarm webhook may
 * go to a relay on the provider's own host when the operator says so (issue 27). Every other
 * purpose never calls loopback, whatever the configuration.
 */
export const LOOPBACK_CONFIGURABLE_PURPOSES: ReadonlySet<OutboundPurpose> = new Set([OutboundPurpose.ALARM_WEBHOOK]);

/**
 * Why an address is not called. Loopback, link-local and reserved addresses (unspecified,
 * multicast, broadcast, documentation and other special ranges) never are; a private address
 * (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) only inside the purpose's setting.
 */
export const OutboundAddressRule = {
  LOOPBACK: 'loopback',
  LINK_LOCAL: 'linkLocal',
  RESERVED: 'reserved',
  PRIVATE: 'private',
} as const;
export type OutboundAddressRule = (typeof OutboundAddressRule)[keyof typeof OutboundAddressRule];

export const OUTBOUND_ADDRESS_RULES: readonly OutboundAddressRule[] = Object.values(OutboundAddressRule);

const PRIVATE_ADDRESS_KEYS: Readonly<Record<OutboundPurpose, ValidationKey>> = {
  caService: ValidationKey.CA_ADDRESS_PRIVATE,
  satcomTarget: ValidationKey.SATCOM_ADDRESS_PRIVATE,
  alarmWebhook: ValidationKey.WEBHOOK_ADDRESS_PRIVATE,
};

/** A loopback address of a purpose whose setting may list it: which key says so. */
const CONFIGURABLE_LOOPBACK_KEYS: Readonly<Partial<Record<OutboundPurpose, ValidationKey>>> = {
  alarmWebhook: ValidationKey.WEBHOOK_ADDRESS_LOOPBACK,
};

const NEVER_CALLED_KEYS: Readonly<Record<Exclude<OutboundAddressRule, 'private'>, ValidationKey>> = {
  loopback: ValidationKey.ADDRESS_LOOPBACK,
  linkLocal: ValidationKey.ADDRESS_LINK_LOCAL,
  reserved: ValidationKey.ADDRESS_RESERVED,
};

/** The field problem of a refused address: its rule, and for a private one the setting that allows it. */
export function outboundAddressProblemKey(rule: OutboundAddressRule, purpose: OutboundPurpose): ValidationKey {
  const configurableLoopback = rule === OutboundAddressRule.LOOPBACK ? CONFIGURABLE_LOOPBACK_KEYS[purpose] : undefined;
  if (configurableLoopback) return configurableLoopback;
  return rule === OutboundAddressRule.PRIVATE ? PRIVATE_ADDRESS_KEYS[purpose] : NEVER_CALLED_KEYS[rule];
}

const NEVER_CALLED_TEXTS: Readonly<Record<Exclude<OutboundAddressRule, 'private'>, string>> = {
  loopback: 'a loopback address (this machine)',
  linkLocal: 'a link-local address (169.254.0.0/16 or fe80::/10, where cloud metadata services answer)',
  reserved: 'an unspecified, multicast, broadcast or reserved address',
};

/** The API's message for a refused address (what the web shows comes from the field problem's key). */
export function outboundAddressMessage(rule: OutboundAddressRule, purpose: OutboundPurpose, address: string): string {
  if (rule === OutboundAddressRule.PRIVATE) {
    return `${address} is a private address: the provider calls private networks only when ${OUTBOUND_NETWORK_SETTINGS[purpose]} lists them`;
  }
  if (rule === OutboundAddressRule.LOOPBACK && LOOPBACK_CONFIGURABLE_PURPOSES.has(purpose)) {
    return `${address} is a loopback address (this machine): the provider calls it only when ${OUTBOUND_NETWORK_SETTINGS[purpose]} lists it`;
  }
  return `${address} is ${NEVER_CALLED_TEXTS[rule]}: the provider never calls it, and no setting allows it`;
}
