/**
 * What the codes of the logs are called, in every locale, once: severities, attribute types,
 * system log events, audit resources, actions and details. The console's i18n catalogue takes
 * these texts (web/src/lib/i18n/locales) and the provider's CSV exports write them beside the
 * codes, so a screen and a file cannot name a code differently. A code nobody named reads as
 * "unknown (code)". Placeholders are i18next's `{{name}}`, filled here by `fillTemplate`.
 */
import type { Locale } from '../constants/constants.js';
import type { ThresholdAttributeType } from '../constants/enums.js';
import { AuditAction, AuditResource, SEVERITY_NAMES } from '../constants/enums.js';
import { isAuditDetailCode, type AuditDetailCode } from '../logs/auditDetail.js';
import { SystemLogEvent } from '../logs/systemLogEvent.js';

import { THRESHOLD_ATTRIBUTE_NAMES } from '../thresholds/threshold.js';

/** Each code's name in the catalogue (the key under its kind); the attributes' are named once, in thresholds. */
export const AUDIT_RESOURCE_NAMES = {
  [AuditResource.SESSION]: 'session',
  [AuditResource.ENVIRONMENT]: 'environment',
  [AuditResource.USER]: 'user',
  [AuditResource.GROUP]: 'group',
  [AuditResource.DEVICE]: 'device',
  [AuditResource.APPLICATION_RULE]: 'applicationRule',
  [AuditResource.OPENVPN_PROFILE]: 'openvpnProfile',
  [AuditResource.VPN_CERTIFICATE]: 'vpnCertificate',
  [AuditResource.THRESHOLD]: 'threshold',
  [AuditResource.VERSION_DEFINITION]: 'versionDefinition',
  [AuditResource.SATCOM_TARGET]: 'satcomTarget',
  [AuditResource.TWO_FACTOR]: 'twoFactor',
  [AuditResource.ALARM]: 'alarm',
  [AuditResource.ALARM_SILENCE]: 'alarmSilence',
  [AuditResource.ALARM_WEBHOOK]: 'alarmWebhook',
} as const satisfies Record<AuditResource, string>;

export const AUDIT_ACTION_NAMES = {
  [AuditAction.CREATE]: 'create',
  [AuditAction.UPDATE]: 'update',
  [AuditAction.DELETE]: 'delete',
  [AuditAction.ENABLE]: 'enable',
  [AuditAction.DISABLE]: 'disable',
  [AuditAction.EVENT]: 'event',
  [AuditAction.ACKNOWLEDGE]: 'acknowledge',
} as const satisfies Record<AuditAction, string>;

export const SYSTEM_EVENT_NAMES = {
  [SystemLogEvent.LINK_UP]: 'linkUp',
  [SystemLogEvent.LINK_DOWN]: 'linkDown',
  [SystemLogEvent.DEVICE_ACTIVATED]: 'deviceActivated',
  [SystemLogEvent.DEVICE_CONNECTED]: 'deviceConnected',
  [SystemLogEvent.DEVICE_DISCONNECTED]: 'deviceDisconnected',
  [SystemLogEvent.MAIN_APP_ONLINE]: 'mainAppOnline',
  [SystemLogEvent.MAIN_APP_OFFLINE]: 'mainAppOffline',
  [SystemLogEvent.SIM_EVENT]: 'simEvent',
  [SystemLogEvent.THRESHOLD_MINOR]: 'thresholdMinor',
  [SystemLogEvent.THRESHOLD_MAJOR]: 'thresholdMajor',
  [SystemLogEvent.THRESHOLD_CRITICAL]: 'thresholdCritical',
  [SystemLogEvent.BACK_TO_SAFETY]: 'backToSafety',
} as const satisfies Record<SystemLogEvent, string>;

const SEVERITY_NAME_OF = Object.fromEntries(SEVERITY_NAMES.map((name, value) => [value, name])) as Readonly<
  Record<number, (typeof SEVERITY_NAMES)[number]>
>;

type Texts<Names extends string> = Readonly<Record<Names, string>>;

export interface CodeLabelTexts {
  /** A code the catalogue does not name: `{{code}}` is the code itself. */
  readonly unknownCode: string;
  readonly severity: Texts<(typeof SEVERITY_NAMES)[number]>;
  readonly attribute: Texts<(typeof THRESHOLD_ATTRIBUTE_NAMES)[ThresholdAttributeType]>;
  readonly auditResource: Texts<(typeof AUDIT_RESOURCE_NAMES)[AuditResource]>;
  readonly auditAction: Texts<(typeof AUDIT_ACTION_NAMES)[AuditAction]>;
  readonly systemEvent: Texts<(typeof SYSTEM_EVENT_NAMES)[SystemLogEvent]>;
  readonly auditDetail: Texts<AuditDetailCode>;
  /** A changed field whose values are not written (a password). */
  readonly changedSecret: string;
  /** The units of thresholds_metadata, by their name (UNIT_NAMES). */
  readonly unit: Texts<(typeof UNIT_NAMES)[keyof typeof UNIT_NAMES]>;
  /** A reading of an attribute in a sentence: `{{value}}` is the number with its unit. */
  readonly reading: Texts<(typeof THRESHOLD_ATTRIBUTE_NAMES)[ThresholdAttributeType]>;
  /** What happened to a SIM (a SIM event's value). */
  readonly simAction: Texts<SimAction>;
  /**
   * A system log entry told in a sentence (logSentence.ts), by its event: `{{reading}}` a
   * reading (above), `{{link}}` an attribute's label, `{{action}}` a SIM action, `{{port}}` a
   * cellular port; `ofDevice` puts the device's name before it where no column names it.
   */
  readonly logSentence: Texts<(typeof SYSTEM_EVENT_NAMES)[SystemLogEvent] | 'simEventAt' | 'ofDevice'>;
}

/** The units thresholds_metadata writes, by their name in the catalogue. */
export const UNIT_NAMES = {
  '°C': 'celsius',
  '%': 'percent',
  min: 'minutes',
  'events/h': 'eventsPerHour',
} as const;

/** A SIM event's value: what happened to the SIM. */
export const SIM_ACTIONS = ['inserted', 'removed', 'swapped'] as const;
export type SimAction = (typeof SIM_ACTIONS)[number];

const EN_US: CodeLabelTexts = {
  unknownCode: 'Unknown ({{code}})',
  severity: { normal: 'Normal', minor: 'Minor', major: 'Major', critical: 'Critical' },
  attribute: {
    temperature: 'Temperature',
    deviceState: 'Device state',
    cellularPort1: 'Cellular port 1',
    cellularPort2: 'Cellular port 2',
    cellularPort3: 'Cellular port 3',
    cellularPort4: 'Cellular port 4',
    ethernetPort1: 'Ethernet port 1',
    ethernetPort2: 'Ethernet port 2',
    ethernetPort3: 'Ethernet port 3',
    wifi: 'Wi-Fi',
    vlan: 'VLAN',
    cellularModemsHealth: 'Cellular modems health',
    simEvent: 'SIM event',
  },
  auditResource: {
    session: 'Session',
    environment: 'Environment',
    user: 'User',
    group: 'Group',
    device: 'Device',
    applicationRule: 'Application rule',
    openvpnProfile: 'OpenVPN profile',
    vpnCertificate: 'VPN certificate',
    threshold: 'Threshold',
    versionDefinition: 'Firmware version',
    satcomTarget: 'Satcom target',
    twoFactor: 'Two-factor authentication',
    alarm: 'Alarm',
    alarmSilence: 'Alarm silence',
    alarmWebhook: 'Alarm webhook',
  },
  auditAction: {
    create: 'Create',
    update: 'Update',
    delete: 'Delete',
    enable: 'Enable',
    disable: 'Disable',
    event: 'Event',
    acknowledge: 'Acknowledge',
  },
  systemEvent: {
    linkUp: 'Link up',
    linkDown: 'Link down',
    deviceActivated: 'Device activated',
    deviceConnected: 'Device connected',
    deviceDisconnected: 'Device disconnected',
    mainAppOnline: 'Main application online',
    mainAppOffline: 'Main application offline',
    simEvent: 'SIM event',
    thresholdMinor: 'Threshold crossed: minor',
    thresholdMajor: 'Threshold crossed: major',
    thresholdCritical: 'Threshold crossed: critical',
    backToSafety: 'Back to safety',
  },
  auditDetail: {
    loginSucceeded: 'Logged in',
    loginFailed: 'Login failed',
    loginRefusedDisabled: 'Login refused: the user is disabled',
    logout: 'Logged out',
    passwordReset: 'Password reset',
    emailChangeRequested: 'New e-mail address asked for; confirmation link sent to it',
    emailChanged: 'E-mail address changed (confirmed from the new address)',
    twoFactorSetupStarted: '2FA setup started',
    twoFactorActivated: '2FA activated',
    twoFactorDeactivated: '2FA deactivated',
    twoFactorVerified: '2FA code verified',
    twoFactorVerificationFailed: '2FA code refused',
    twoFactorLocked: '2FA locked after too many wrong codes',
    twoFactorDeactivatedByManager: '2FA deactivated by a manager',
    managerTwoFactorDeactivated: '2FA of manager {{username}} deactivated',
    wallDisplay: 'Wall display',
    createdOnFirstStart: 'Created on first start',
    simulatedFleet: 'Simulated fleet: {{devices}} devices, seed {{seed}}',
    permissions: 'Permissions: {{permissions}}',
    noPermissions: 'No permissions',
    environmentManager: 'Manager: {{username}}',
    environmentsBelow: 'Environments below it: {{count}}',
    renamedFrom: 'Renamed from {{name}}',
    rulesLostProfile: 'Rules moved to No VPN/Custom and disabled: {{count}}',
    certificateIssued: 'Serial {{serial}}, profile {{profile}}',
    pairingId: 'Pairing id {{pairingId}}',
    imported: 'Imported, pairing id {{pairingId}}',
    simulatedLinkDown: 'Simulator: link {{link}} set down',
    simulatedLinkUp: 'Simulator: link {{link}} set up',
  },
  changedSecret: 'changed (not shown)',
  unit: { celsius: '°C', percent: '%', minutes: 'min', eventsPerHour: 'events/h' },
  reading: {
    temperature: 'temperature {{value}}',
    deviceState: 'not connected for {{value}}',
    cellularPort1: 'cellular 1 signal {{value}}',
    cellularPort2: 'cellular 2 signal {{value}}',
    cellularPort3: 'cellular 3 signal {{value}}',
    cellularPort4: 'cellular 4 signal {{value}}',
    ethernetPort1: 'ethernet 1 down for {{value}}',
    ethernetPort2: 'ethernet 2 down for {{value}}',
    ethernetPort3: 'ethernet 3 down for {{value}}',
    wifi: 'Wi-Fi down for {{value}}',
    vlan: 'VLAN down for {{value}}',
    cellularModemsHealth: 'cellular modems online {{value}}',
    simEvent: 'SIM events in the last hour {{value}}',
  },
  simAction: { inserted: 'inserted', removed: 'removed', swapped: 'swapped' },
  logSentence: {
    linkUp: '{{link}} link up',
    linkDown: '{{link}} link down',
    deviceActivated: 'activated',
    deviceConnected: 'connected',
    deviceDisconnected: 'disconnected',
    mainAppOnline: 'main application online',
    mainAppOffline: 'main application offline',
    simEvent: 'SIM {{action}}',
    simEventAt: 'SIM {{action}} in cellular {{port}}',
    ofDevice: '{{device}}: {{what}}',
    thresholdMinor: '{{reading}}, minor',
    thresholdMajor: '{{reading}}, major',
    thresholdCritical: '{{reading}}, critical',
    backToSafety: '{{reading}}, back to safety',
  },
};

const HE_IL: CodeLabelTexts = {
  unknownCode: 'לא ידוע ({{code}})',
  severity: { normal: 'רגילה', minor: 'נמוכה', major: 'גבוהה', critical: 'קריטית' },
  attribute: {
    temperature: 'טמפרטורה',
    deviceState: 'מצב התקן',
    cellularPort1: 'יציאה סלולרית 1',
    cellularPort2: 'יציאה סלולרית 2',
    cellularPort3: 'יציאה סלולרית 3',
    cellularPort4: 'יציאה סלולרית 4',
    ethernetPort1: 'יציאת Ethernet 1',
    ethernetPort2: 'יציאת Ethernet 2',
    ethernetPort3: 'יציאת Ethernet 3',
    wifi: 'Wi-Fi',
    vlan: 'VLAN',
    cellularModemsHealth: 'תקינות מודמים סלולריים',
    simEvent: 'אירוע SIM',
  },
  auditResource: {
    session: 'הפעלה',
    environment: 'סביבה',
    user: 'משתמש',
    group: 'קבוצה',
    device: 'התקן',
    applicationRule: 'כלל יישום',
    openvpnProfile: 'פרופיל OpenVPN',
    vpnCertificate: 'תעודת VPN',
    threshold: 'סף',
    versionDefinition: 'גרסת קושחה',
    satcomTarget: 'יעד לוויני',
    twoFactor: 'אימות דו־שלבי',
    alarm: 'התראה',
    alarmSilence: 'השתקת התראות',
    alarmWebhook: 'Webhook של התראות',
  },
  auditAction: {
    create: 'יצירה',
    update: 'עדכון',
    delete: 'מחיקה',
    enable: 'הפעלה',
    disable: 'השבתה',
    event: 'אירוע',
    acknowledge: 'אישור קבלה',
  },
  systemEvent: {
    linkUp: 'קישור עלה',
    linkDown: 'קישור נפל',
    deviceActivated: 'ההתקן הופעל',
    deviceConnected: 'ההתקן התחבר',
    deviceDisconnected: 'ההתקן התנתק',
    mainAppOnline: 'היישום הראשי מקוון',
    mainAppOffline: 'היישום הראשי לא מקוון',
    simEvent: 'אירוע SIM',
    thresholdMinor: 'חציית סף: נמוכה',
    thresholdMajor: 'חציית סף: גבוהה',
    thresholdCritical: 'חציית סף: קריטית',
    backToSafety: 'חזרה לבטיחות',
  },
  auditDetail: {
    loginSucceeded: 'התחברות',
    loginFailed: 'התחברות נכשלה',
    loginRefusedDisabled: 'ההתחברות נדחתה: המשתמש מושבת',
    logout: 'התנתקות',
    passwordReset: 'איפוס סיסמה',
    emailChangeRequested: 'התבקשה כתובת דוא"ל חדשה; קישור לאישור נשלח אליה',
    emailChanged: 'כתובת הדוא"ל הוחלפה (אושרה מהכתובת החדשה)',
    twoFactorSetupStarted: 'הגדרת אימות דו־שלבי החלה',
    twoFactorActivated: 'אימות דו־שלבי הופעל',
    twoFactorDeactivated: 'אימות דו־שלבי בוטל',
    twoFactorVerified: 'קוד האימות הדו־שלבי אומת',
    twoFactorVerificationFailed: 'קוד האימות הדו־שלבי נדחה',
    twoFactorLocked: 'האימות הדו־שלבי ננעל אחרי יותר מדי קודים שגויים',
    twoFactorDeactivatedByManager: 'אימות דו־שלבי בוטל על ידי מנהל',
    managerTwoFactorDeactivated: 'האימות הדו־שלבי של המנהל {{username}} בוטל',
    wallDisplay: 'תצוגת קיר',
    createdOnFirstStart: 'נוצרה בהפעלה הראשונה',
    simulatedFleet: 'צי מדומה: {{devices}} התקנים, זרע {{seed}}',
    permissions: 'הרשאות: {{permissions}}',
    noPermissions: 'ללא הרשאות',
    environmentManager: 'מנהל: {{username}}',
    environmentsBelow: 'סביבות מתחתיה: {{count}}',
    renamedFrom: 'שם קודם: {{name}}',
    rulesLostProfile: 'כללים שעברו ל־No VPN/Custom והושבתו: {{count}}',
    certificateIssued: 'מספר סידורי {{serial}}, פרופיל {{profile}}',
    pairingId: 'מזהה צימוד {{pairingId}}',
    imported: 'יובא, מזהה צימוד {{pairingId}}',
    simulatedLinkDown: 'סימולטור: הקישור {{link}} הורד',
    simulatedLinkUp: 'סימולטור: הקישור {{link}} הועלה',
  },
  changedSecret: 'שונה (לא מוצג)',
  unit: { celsius: '°C', percent: '%', minutes: 'דק׳', eventsPerHour: 'אירועים/שעה' },
  reading: {
    temperature: 'טמפרטורה {{value}}',
    deviceState: 'לא מחובר כבר {{value}}',
    cellularPort1: 'אות סלולרי 1: {{value}}',
    cellularPort2: 'אות סלולרי 2: {{value}}',
    cellularPort3: 'אות סלולרי 3: {{value}}',
    cellularPort4: 'אות סלולרי 4: {{value}}',
    ethernetPort1: 'Ethernet 1 מנותק כבר {{value}}',
    ethernetPort2: 'Ethernet 2 מנותק כבר {{value}}',
    ethernetPort3: 'Ethernet 3 מנותק כבר {{value}}',
    wifi: 'Wi-Fi מנותק כבר {{value}}',
    vlan: 'VLAN מנותק כבר {{value}}',
    cellularModemsHealth: 'מודמים סלולריים מקוונים: {{value}}',
    simEvent: 'אירועי SIM בשעה האחרונה: {{value}}',
  },
  simAction: { inserted: 'הוכנס', removed: 'הוצא', swapped: 'הוחלף' },
  logSentence: {
    linkUp: 'הקישור {{link}} עלה',
    linkDown: 'הקישור {{link}} נפל',
    deviceActivated: 'ההתקן הופעל',
    deviceConnected: 'ההתקן התחבר',
    deviceDisconnected: 'ההתקן התנתק',
    mainAppOnline: 'היישום הראשי מקוון',
    mainAppOffline: 'היישום הראשי לא מקוון',
    simEvent: 'כרטיס SIM {{action}}',
    simEventAt: 'כרטיס SIM {{action}} במודם הסלולרי {{port}}',
    ofDevice: '{{device}}: {{what}}',
    thresholdMinor: '{{reading}}, חומרה נמוכה',
    thresholdMajor: '{{reading}}, חומרה גבוהה',
    thresholdCritical: '{{reading}}, חומרה קריטית',
    backToSafety: '{{reading}}, חזרה לבטיחות',
  },
};

export const CODE_LABEL_TEXTS: Readonly<Record<Locale, CodeLabelTexts>> = { 'en-US': EN_US, 'he-IL': HE_IL };

/** The kinds of code a log carries, by their key in the catalogue. */
export type CodeKind = 'severity' | 'attribute' | 'auditResource' | 'auditAction' | 'systemEvent';

const NAMES: Readonly<Record<CodeKind, Readonly<Record<string | number, string>>>> = {
  severity: SEVERITY_NAME_OF,
  attribute: THRESHOLD_ATTRIBUTE_NAMES,
  auditResource: AUDIT_RESOURCE_NAMES,
  auditAction: AUDIT_ACTION_NAMES,
  systemEvent: SYSTEM_EVENT_NAMES,
};

/** A code's name under its kind (`systemEvent`, 'link_up' -> 'linkUp'), or null for a code nobody named. */
export function codeName(kind: CodeKind, code: string | number): string | null {
  const names = NAMES[kind];
  return Object.hasOwn(names, code) ? (names[code] ?? null) : null;
}

/** `{{name}}` placeholders filled from `params`; one without a value is left as it is. */
export function fillTemplate(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** What a code is called in `locale`: its label, or "unknown (code)"; '' when there is no code. */
export function codeLabel(locale: Locale, kind: CodeKind, code: string | number | null): string {
  if (code === null) return '';
  const texts = CODE_LABEL_TEXTS[locale];
  const name = codeName(kind, code);
  const label = name === null ? undefined : (texts[kind] as Readonly<Record<string, string>>)[name];
  return label ?? fillTemplate(texts.unknownCode, { code });
}

/** An audit detail in `locale`: the product's own by its code, anything else as the text it came with. */
export function auditDetailLabel(
  locale: Locale,
  entry: {
    readonly detail: string | null;
    readonly detail_code?: string | null;
    readonly detail_params?: Readonly<Record<string, string>>;
  },
): string {
  const code = entry.detail_code;
  if (isAuditDetailCode(code)) return fillTemplate(CODE_LABEL_TEXTS[locale].auditDetail[code], entry.detail_params);
  return entry.detail ?? '';
}
