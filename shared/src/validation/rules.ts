/**
 * The validation rules of spec section 5. Each rule answers null when the value passes, or
 * the i18n key of the spec's message with its placeholders ({0}, {1}) when it does not.
 * The web shows these inline as the user types; zod schemas reuse them so the provider
 * refuses the same values with the same keys.
 */
import {
  DEVICE_PORT_MAX,
  DEVICE_PORT_MIN,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REDUNDANCY_PERCENTAGE_MAX,
  REDUNDANCY_PERCENTAGE_MIN,
  REORDER_MAX,
  REORDER_MIN,
  UPGRADE_IDLE_TIMEOUT_MAX,
  UPGRADE_IDLE_TIMEOUT_MIN,
} from '../constants/constants.js';

export const ValidationKey = {
  REQUIRED: 'validation.required',
  INVALID: 'validation.invalid',
  LESS_THAN: 'validation.lessThan',
  NOT_EXCEED: 'validation.notExceed',
  MORE_THAN: 'validation.moreThan',
  AT_LEAST: 'validation.atLeast',
  INVALID_CHARACTERS: 'validation.invalidCharacters',
  /** A name shown to others with a line break, a tab, a control, a text-direction control or half a character: validDisplayName. */
  NAME_CHARACTERS: 'validation.nameCharacters',
  PORT_RANGE: 'validation.portRange',
  MAX_LENGTH: 'validation.maxLength',
  PASSWORD: 'validation.password',
  TIMEOUT_RANGE: 'validation.timeoutRange',
  AT_LEAST_ONE_DAY: 'validation.atLeastOneDay',
  AT_LEAST_ONE_HOUR: 'validation.atLeastOneHour',
  AT_LEAST_ONE_IP: 'validation.atLeastOneIp',
  INVALID_FILE_TYPE: 'validation.invalidFileType',
  INVALID_META_FILE: 'validation.invalidMetaFile',
  INVALID_LOCALE: 'validation.invalidLocale',
  DATE: 'validation.date',
  FEATURES_BEYOND_PARENT: 'validation.featuresBeyondParent',
  /** {0} the field, {1}-{2} the range besides 0 (off). */
  REORDER: 'validation.reorder',
  /** {0} the field, {1}-{2} the whole numbers it takes. */
  WHOLE_NUMBER_RANGE: 'validation.wholeNumberRange',
  /** {0} the field, {1} the least whole number it takes. */
  WHOLE_NUMBER_AT_LEAST: 'validation.wholeNumberAtLeast',
  /** {0} the field, {1} the hub's device name, {2}-{3} its control ports. */
  HUB_CONTROL_PORTS: 'validation.hubControlPorts',
  /** A rule's hosts: client devices of the environment, none of them a hub of the rule. */
  RULE_HOSTS: 'validation.ruleHosts',
  /** A rule's hubs: server devices of the environment, each once, primary then secondary then tertiary. */
  RULE_HUBS: 'validation.ruleHubs',
  /** An OpenVPN custom value that is not what its key takes. */
  CUSTOM_VALUE: 'validation.customValue',
  /** OpenVPN custom keys that OpenVPN refuses together (keepalive beside ping). */
  CUSTOM_CONFLICT: 'validation.customConflict',
  /** A certificate CN with a character outside its set; the message names the set and the limit. */
  CERTIFICATE_CN_CHARACTERS: 'validation.certificateCnCharacters',
  /** A CSV record with another number of fields than the header: {0} expected, {1} found. */
  COLUMN_COUNT: 'validation.columnCount',
  /** Outbound addresses (a custom CA service, a satcom target): the rule that refuses one. */
  ADDRESS_LOOPBACK: 'validation.addressLoopback',
  ADDRESS_LINK_LOCAL: 'validation.addressLinkLocal',
  ADDRESS_RESERVED: 'validation.addressReserved',
  CA_ADDRESS_PRIVATE: 'validation.caAddressPrivate',
  SATCOM_ADDRESS_PRIVATE: 'validation.satcomAddressPrivate',
  WEBHOOK_ADDRESS_PRIVATE: 'validation.webhookAddressPrivate',
  /** An alarm webhook's loopback address: only HALO_WEBHOOK_ALLOWED_NETWORKS may open it. */
  WEBHOOK_ADDRESS_LOOPBACK: 'validation.webhookAddressLoopback',
  /** An alarm webhook over http to an address outside HALO_WEBHOOK_ALLOWED_NETWORKS: https is required. */
  WEBHOOK_HTTPS_REQUIRED: 'validation.webhookHttpsRequired',
  /** A firmware meta file: what is wrong with it as a whole, or with one key ({{key}}). */
  META_FILE_TOO_LARGE: 'validation.metaFileTooLarge',
  META_FILE_NOT_TEXT: 'validation.metaFileNotText',
  META_FILE_NAME: 'validation.metaFileName',
  META_FILE_NOT_JSON: 'validation.metaFileNotJson',
  META_FILE_NOT_OBJECT: 'validation.metaFileNotObject',
  META_FILE_MISSING_KEY: 'validation.metaFileMissingKey',
  META_FILE_INVALID_VALUE: 'validation.metaFileInvalidValue',
  META_FILE_UNKNOWN_KEY: 'validation.metaFileUnknownKey',
} as const;
export type ValidationKey = (typeof ValidationKey)[keyof typeof ValidationKey];

export interface ValidationProblem {
  readonly key: ValidationKey;
  readonly params: readonly (string | number)[];
}

export type Rule<T = unknown> = (value: T, field: string) => ValidationProblem | null;

const problem = (key: ValidationKey, ...params: (string | number)[]): ValidationProblem => ({ key, params });

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export const required: Rule = (value, field) =>
  isBlank(value) || (Array.isArray(value) && value.length === 0) ? problem(ValidationKey.REQUIRED, field) : null;

const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Names: A-Z a-z 0-9 _ - only; no spaces, no accents. */
export const validName: Rule = (value, field) => {
  if (typeof value !== 'string' || value.length === 0) return problem(ValidationKey.REQUIRED, field);
  return NAME_PATTERN.test(value) ? null : problem(ValidationKey.INVALID_CHARACTERS, field);
};

export const maxLength =
  (limit: number): Rule =>
  (value) =>
    typeof value === 'string' && value.length > limit ? problem(ValidationKey.MAX_LENGTH, limit) : null;

/** 8-128 characters with an upper-case letter, a lower-case letter, a digit and a special character (a space counts). */
export const validPassword: Rule = (value, field) => {
  if (typeof value !== 'string' || value.length === 0) return problem(ValidationKey.REQUIRED, field);
  if (value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) return problem(ValidationKey.PASSWORD);
  const hasUpper = /[A-Z]/.test(value);
  const hasLower = /[a-z]/.test(value);
  const hasDigit = /[0-9]/.test(value);
  const hasSpecial = /[^A-Za-z0-9]/.test(value);
  return hasUpper && hasLower && hasDigit && hasSpecial ? null : problem(ValidationKey.PASSWORD);
};

const OCTET = '(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4_PATTERN = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

export function isIpv4(value: unknown): value is string {
  return typeof value === 'string' && IPV4_PATTERN.test(value);
}

export const validIpv4: Rule = (value, field) => {
  if (isBlank(value)) return problem(ValidationKey.REQUIRED, field);
  return isIpv4(value) ? null : problem(ValidationKey.INVALID, field);
};

/** A contiguous mask: ones from the left, then zeros (0.0.0.0 and 255.255.255.255 included). */
export function isSubnetMask(value: unknown): value is string {
  if (!isIpv4(value)) return false;
  const bits = value.split('.').reduce((accumulator, octet) => (accumulator << 8n) | BigInt(Number(octet)), 0n);
  const inverted = ~bits & 0xffffffffn;
  return (inverted & (inverted + 1n)) === 0n;
}

export const validSubnetMask: Rule = (value, field) => {
  if (isBlank(value)) return problem(ValidationKey.REQUIRED, field);
  return isSubnetMask(value) ? null : problem(ValidationKey.INVALID, field);
};

export const validDevicePort: Rule = (value, field) => {
  if (isBlank(value)) return problem(ValidationKey.REQUIRED, field);
  const port = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < DEVICE_PORT_MIN || port > DEVICE_PORT_MAX) {
    return problem(ValidationKey.PORT_RANGE, DEVICE_PORT_MIN, DEVICE_PORT_MAX);
  }
  return null;
};

export const validPortRange = (from: unknown, to: unknown): ValidationProblem | null =>
  validDevicePort(from, 'from') ??
  validDevicePort(to, 'to') ??
  (Number(from) > Number(to) ? problem(ValidationKey.PORT_RANGE, Number(from), DEVICE_PORT_MAX) : null);

/** A whole number within min-max, reported with the range so the refusal says what is taken. */
export const wholeNumberWithin =
  (min: number, max: number): Rule =>
  (value, field) => {
    if (isBlank(value)) return problem(ValidationKey.REQUIRED, field);
    return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? null
      : problem(ValidationKey.WHOLE_NUMBER_RANGE, field, min, max);
  };

/** A whole number of at least min (a limit with no upper bound). */
export const wholeNumberAtLeast =
  (min: number): Rule =>
  (value, field) => {
    if (isBlank(value)) return problem(ValidationKey.REQUIRED, field);
    return typeof value === 'number' && Number.isInteger(value) && value >= min
      ? null
      : problem(ValidationKey.WHOLE_NUMBER_AT_LEAST, field, min);
  };

export const validRedundancyPercentage: Rule = (value, field) => {
  if (isBlank(value)) return problem(ValidationKey.REQUIRED, field);
  const percentage = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof percentage !== 'number' || !Number.isInteger(percentage))
    return problem(ValidationKey.WHOLE_NUMBER_RANGE, field, REDUNDANCY_PERCENTAGE_MIN, REDUNDANCY_PERCENTAGE_MAX);
  if (percentage < REDUNDANCY_PERCENTAGE_MIN) return problem(ValidationKey.AT_LEAST, REDUNDANCY_PERCENTAGE_MIN);
  if (percentage > REDUNDANCY_PERCENTAGE_MAX) return problem(ValidationKey.NOT_EXCEED, REDUNDANCY_PERCENTAGE_MAX);
  return null;
};

const OTP_PATTERN = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);

export function isOtpCode(value: unknown): value is string {
  return typeof value === 'string' && OTP_PATTERN.test(value);
}

export const validOtp: Rule = (value, field) => {
  if (isBlank(value)) return problem(ValidationKey.REQUIRED, field);
  return isOtpCode(value) ? null : problem(ValidationKey.INVALID, field);
};

/** Keeps only digits and at most OTP_LENGTH of them: what the OTP field lets through. */
export function sanitizeOtpInput(raw: string): string {
  return raw.replace(/[^0-9]/g, '').slice(0, OTP_LENGTH);
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const validEmail: Rule = (value, field) => {
  if (isBlank(value)) return problem(ValidationKey.REQUIRED, field);
  return typeof value === 'string' && EMAIL_PATTERN.test(value) ? null : problem(ValidationKey.INVALID, field);
};

const LOCALE_PATTERN = /^[a-z]{2}-[A-Z]{2}$/;
export function isLocaleCode(value: unknown): value is string {
  return typeof value === 'string' && LOCALE_PATTERN.test(value);
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE_PATTERN.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** A date filter: one date, or 'first,last'. */
export function formatDateFilter(dates: readonly string[]): string {
  if (dates.length <= 1) return dates[0] ?? '';
  return `${dates[0]},${dates[dates.length - 1]}`;
}

export const validRange =
  (min: number, max: number, key: ValidationKey = ValidationKey.TIMEOUT_RANGE): Rule =>
  (value, field) => {
    if (isBlank(value)) return problem(ValidationKey.REQUIRED, field);
    const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
      return problem(key, min, max);
    }
    return null;
  };

/** Any TCP/UDP port (endpoints, VPN servers): an integer 1-65535. */
export const PORT_MIN = 1;
export const PORT_MAX = 65535;
export const validPort: Rule = validRange(PORT_MIN, PORT_MAX, ValidationKey.PORT_RANGE);

/** Reorder: 0 (off) or an integer within REORDER_MIN-REORDER_MAX; a refusal states both. */
export const validReorder: Rule = (value, field) => {
  if (isBlank(value)) return problem(ValidationKey.REQUIRED, field);
  if (value === 0) return null;
  return typeof value === 'number' && Number.isInteger(value) && value >= REORDER_MIN && value <= REORDER_MAX
    ? null
    : problem(ValidationKey.REORDER, field, REORDER_MIN, REORDER_MAX);
};

/** Upgrade idle timeout: an integer within the (hidden) bounds, reported as {0}-{1} minutes. */
export const validIdleTimeout: Rule = validRange(UPGRADE_IDLE_TIMEOUT_MIN, UPGRADE_IDLE_TIMEOUT_MAX);

/** Host names and addresses a device or VPN client dials: an IPv4 address or a DNS name. */
const HOSTNAME_PATTERN =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
export function isHostAddress(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  // Four dotted numbers are an IPv4 address or nothing: 256.1.1.1 is not a host name.
  if (/^[0-9.]+$/.test(value)) return isIpv4(value);
  return HOSTNAME_PATTERN.test(value);
}
export const validHostAddress: Rule = (value, field) => {
  if (isBlank(value)) return problem(ValidationKey.REQUIRED, field);
  return isHostAddress(value) ? null : problem(ValidationKey.INVALID, field);
};

/**
 * C0 and C1 control characters, DEL and the Unicode line and paragraph separators: a value
 * holding one can end a line of a generated file (an OpenVPN config) and start another.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER_PATTERN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER_PATTERN.test(value);
}

/**
 * What a name shown to other people may not hold: C0 and C1 controls (CR, LF and TAB among
 * them), DEL, the line and paragraph separators, the bidi embeddings, overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069), which make what follows them read as another text, and lone
 * surrogates, which are half a character (the database, a CSV or a mail may refuse or mangle them).
 */
const UNSAFE_NAME_CHARACTER =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Free-text names others are shown, one rule for all of them: a user's display name, a saved
 * view, a wall display, an alarm webhook, a silence's reason. (User, environment, group and
 * device names are narrower still: validName's letters, digits, _ and -.)
 */
export const validDisplayName: Rule = (value, field) =>
  typeof value === 'string' && UNSAFE_NAME_CHARACTER.test(value) ? problem(ValidationKey.NAME_CHARACTERS, field) : null;

/** A value written into a line of a configuration file: no control characters. */
export const noControlCharacters: Rule = (value, field) =>
  typeof value === 'string' && hasControlCharacters(value) ? problem(ValidationKey.INVALID_CHARACTERS, field) : null;

/**
 * OpenVPN 2.6 reads a config line into 256 bytes and refuses one that fills them, line feed
 * included; it reads an inline block's lines 255 bytes at a time and checks each piece for the
 * closing tag. A line of at most 254 bytes is read whole in both.
 */
export const OPENVPN_LINE_MAX_BYTES = 254;

/** The longest text (UTF-16 units, at most 3 UTF-8 bytes each) that always fits one OpenVPN line. */
export const INLINE_LINE_MAX_LENGTH = Math.floor(OPENVPN_LINE_MAX_BYTES / 3);

export function utf8Length(value: string): number {
  return new TextEncoder().encode(value).length;
}

/**
 * Whether OpenVPN would end an inline block at this line: it skips leading blanks (C isspace:
 * space, tab, line feed, vertical tab, form feed, carriage return) and compares the rest with
 * `</tag>`. Any `</` there is refused, whatever the tag.
 */
export function closesInlineBlock(line: string): boolean {
  return /^[ \t\n\v\f\r]*<\//.test(line);
}

/**
 * A line of an inline block (<auth-user-pass> credentials): no control characters, nothing
 * OpenVPN could take for a closing tag, and short enough to be read whole.
 */
export const validInlineLine: Rule = (value, field) => {
  if (typeof value !== 'string') return null;
  if (hasControlCharacters(value) || closesInlineBlock(value)) return problem(ValidationKey.INVALID_CHARACTERS, field);
  return utf8Length(value) > OPENVPN_LINE_MAX_BYTES ? problem(ValidationKey.MAX_LENGTH, INLINE_LINE_MAX_LENGTH) : null;
};

/** Runs rules in order and answers the first problem. */
export function firstProblem(value: unknown, field: string, ...rules: Rule[]): ValidationProblem | null {
  for (const rule of rules) {
    const found = rule(value, field);
    if (found) return found;
  }
  return null;
}
