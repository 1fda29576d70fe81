import { permissionNames } from './permissionNames';
import {
  AuditAction,
  AuditResource,
  codeName,
  isAuditDetailCode,
  logSentence,
  readingValueText,
  SatcomLinkStatus,
  Severity,
  ThresholdAttributeType,
  type CodeKind,
  type LoggedEvent,
} from '@halo/shared';
import type { TFunction } from 'i18next';

/** The four severities of spec section 4 (values 0 to 3), as every screen names them. */
export const SEVERITY_LABEL_KEYS: Readonly<Record<Severity, string>> = {
  [Severity.NORMAL]: 'common.severity.normal',
  [Severity.MINOR]: 'common.severity.minor',
  [Severity.MAJOR]: 'common.severity.major',
  [Severity.CRITICAL]: 'common.severity.critical',
};

/** The label of a severity value; an unknown one reads as critical (the safe side). */
export const severityLabelKey = (severity: number): string =>
  SEVERITY_LABEL_KEYS[severity as Severity] ?? SEVERITY_LABEL_KEYS[Severity.CRITICAL];

/** The attribute types of section 3's threshold table, as every screen names them. */
export const ATTRIBUTE_LABEL_KEYS: Readonly<Record<ThresholdAttributeType, string>> = {
  [ThresholdAttributeType.TEMPERATURE]: 'common.attribute.temperature',
  [ThresholdAttributeType.DEVICE_STATE]: 'common.attribute.deviceState',
  [ThresholdAttributeType.CELLULAR_PORT_1]: 'common.attribute.cellularPort1',
  [ThresholdAttributeType.CELLULAR_PORT_2]: 'common.attribute.cellularPort2',
  [ThresholdAttributeType.CELLULAR_PORT_3]: 'common.attribute.cellularPort3',
  [ThresholdAttributeType.CELLULAR_PORT_4]: 'common.attribute.cellularPort4',
  [ThresholdAttributeType.ETHERNET_PORT_1]: 'common.attribute.ethernetPort1',
  [ThresholdAttributeType.ETHERNET_PORT_2]: 'common.attribute.ethernetPort2',
  [ThresholdAttributeType.ETHERNET_PORT_3]: 'common.attribute.ethernetPort3',
  [ThresholdAttributeType.WIFI]: 'common.attribute.wifi',
  [ThresholdAttributeType.VLAN]: 'common.attribute.vlan',
  [ThresholdAttributeType.CELLULAR_MODEMS_HEALTH]: 'common.attribute.cellularModemsHealth',
  [ThresholdAttributeType.SIM_EVENT]: 'common.attribute.simEvent',
};

/** The label of an attribute type; an unknown one reads as its number. */
export const attributeLabelKey = (type: number | null): string | null =>
  type === null ? null : ((ATTRIBUTE_LABEL_KEYS as Readonly<Record<number, string>>)[type] ?? null);

export const AUDIT_RESOURCE_LABEL_KEYS: Readonly<Record<AuditResource, string>> = {
  [AuditResource.SESSION]: 'common.auditResource.session',
  [AuditResource.ENVIRONMENT]: 'common.auditResource.environment',
  [AuditResource.USER]: 'common.auditResource.user',
  [AuditResource.GROUP]: 'common.auditResource.group',
  [AuditResource.DEVICE]: 'common.auditResource.device',
  [AuditResource.APPLICATION_RULE]: 'common.auditResource.applicationRule',
  [AuditResource.OPENVPN_PROFILE]: 'common.auditResource.openvpnProfile',
  [AuditResource.VPN_CERTIFICATE]: 'common.auditResource.vpnCertificate',
  [AuditResource.THRESHOLD]: 'common.auditResource.threshold',
  [AuditResource.VERSION_DEFINITION]: 'common.auditResource.versionDefinition',
  [AuditResource.SATCOM_TARGET]: 'common.auditResource.satcomTarget',
  [AuditResource.TWO_FACTOR]: 'common.auditResource.twoFactor',
  [AuditResource.ALARM]: 'common.auditResource.alarm',
  [AuditResource.ALARM_SILENCE]: 'common.auditResource.alarmSilence',
  [AuditResource.ALARM_WEBHOOK]: 'common.auditResource.alarmWebhook',
};

export const AUDIT_ACTION_LABEL_KEYS: Readonly<Record<AuditAction, string>> = {
  [AuditAction.CREATE]: 'common.auditAction.create',
  [AuditAction.UPDATE]: 'common.auditAction.update',
  [AuditAction.DELETE]: 'common.auditAction.delete',
  [AuditAction.ENABLE]: 'common.auditAction.enable',
  [AuditAction.DISABLE]: 'common.auditAction.disable',
  [AuditAction.EVENT]: 'common.auditAction.event',
  [AuditAction.ACKNOWLEDGE]: 'common.auditAction.acknowledge',
};

/** Section 4's satcom link status. */
export const SATCOM_LINK_LABEL_KEYS: Readonly<Record<SatcomLinkStatus, string>> = {
  [SatcomLinkStatus.DISABLED]: 'common.satcomLink.disabled',
  [SatcomLinkStatus.MISCONFIGURED]: 'common.satcomLink.misconfigured',
  [SatcomLinkStatus.CONNECTED]: 'common.satcomLink.connected',
  [SatcomLinkStatus.TRANSMITTED]: 'common.satcomLink.transmitted',
};

/**
 * A log code's label key under `common.<kind>` (the shared catalogue's texts), or null for a
 * code nobody named.
 */
export const codeLabelKey = (kind: CodeKind, code: string | number): string | null => {
  const name = codeName(kind, code);
  return name === null ? null : `common.${kind}.${name}`;
};

/** What a log code is called: its label, or "unknown (code)" in the reader's language; '-' for none. */
export function codeLabelText(t: TFunction, kind: CodeKind, code: string | number | null): string {
  if (code === null) return '-';
  const key = codeLabelKey(kind, code);
  return key ? t(key) : t('common.unknownCode', { code });
}

/** An audit entry's detail: the product's own words by their code, in the reader's language; other text as it came. */
export function auditDetailText(
  t: TFunction,
  entry: {
    readonly detail: string | null;
    readonly detail_code?: string | null | undefined;
    readonly detail_params?: Readonly<Record<string, string>> | undefined;
  },
): string {
  const code = entry.detail_code;
  if (!isAuditDetailCode(code)) return entry.detail ?? '';
  const params = entry.detail_params ?? {};
  // Permissions by name, not number ("Devices: View, Logs: Acknowledge alarms"; issue 39, item 16).
  if (code === 'permissions' && params.permissions !== undefined)
    return t(`common.auditDetail.${code}`, { ...params, permissions: permissionNames(t, params.permissions) });
  return t(`common.auditDetail.${code}`, params);
}

/**
 * A system log entry as its reader reads it (issue 39, item 14): the product's own events told
 * in the reader's language from what they are (shared labels/logSentence.ts), shown in the
 * page's direction; anything else by its stored description, in its own direction (`auto`).
 */
export function logEntryText(
  t: TFunction,
  entry: LoggedEvent,
  /** False where the screen names the device beside the sentence (the wall, Home, a device's own page). */
  withDevice = true,
): { readonly text: string; readonly dir?: 'auto' } {
  const sentence = logSentence((key, params) => t(`common.${key}`, params), entry, withDevice);
  return sentence === null ? { text: entry.description, dir: 'auto' } : { text: sentence };
}

/** A reading's value with its unit in the reader's words ('12 min' is '12 דק׳' in he-IL); another form as it is. */
export function readingValue(t: TFunction, value: string): string {
  return readingValueText((key, params) => t(`common.${key}`, params), value);
}

/**
 * Text kept left to right inside any paragraph (Unicode isolates U+2066 … U+2069): a unit, a
 * code, a number with its sign, shown as written whichever way the sentence around it runs.
 */
export const leftToRight = (text: string): string => `\u2066${text}\u2069`;
