/**
 * The error catalogue of spec section 8: every numeric code the API answers, the HTTP
 * statuses it comes with, and the i18n key of what the user reads. Nothing else in the
 * product defines an error code or its message.
 */

export const ErrorCode = {
  MISSING_VALUES: 1,
  FORGOT_RESET: 2,
  BAD_QUERY_PARAMETER: 3,
  INVALID_TOKEN: 5,
  INVALID_ID: 6,
  LOGIN_LOCKED: 10,
  ENV_NAME_EXISTS: 20,
  USERNAME_EXISTS: 30,
  EMAIL_EXISTS: 31,
  PASSWORD_NOT_VALID: 32,
  LOGIN_REFUSED: 33,
  GROUP_NAME_EXISTS: 40,
  DEVICE_NAME_EXISTS: 50,
  DEVICE_PARAMETERS_EXIST: 51,
  DEVICE_PORT_RANGE_OVERLAP: 52,
  DEVICE_IMPORT_INVALID: 53,
  RULE_NAME_EXISTS: 60,
  RULE_PARAMETERS_EXIST: 61,
  HUB_CONTROL_PORTS_UPDATE: 62,
  HUB_CONTROL_PORTS_ADD: 64,
  VERSION_META_EXISTS: 70,
  VPN_PROFILE_NAME_EXISTS: 80,
  DUPLICATE_CUSTOM_KEY: 82,
  CUSTOM_KEY_NOT_ALLOWED: 83,
  PRIVATE_PROFILE_CERTIFICATE: 92,
  RF_RECORDING_DOWNLOAD: 111,
  TWO_FACTOR_ALREADY_ACTIVE: 140,
  TWO_FACTOR_INVALID_OTP: 142,
  TWO_FACTOR_NOT_INITIATED: 143,
  TWO_FACTOR_NOT_ACTIVE: 144,
  TWO_FACTOR_DEACTIVATE_FAILURE: 145,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes that are not numeric API codes but HTTP-level outcomes the UI distinguishes. */
export const HttpErrorKind = {
  UNAUTHORIZED: 'unauthorized',
  FORBIDDEN: 'forbidden',
  DEVICE_UPDATE_FORBIDDEN: 'deviceUpdateForbidden',
  DEVICE_DELETE_FORBIDDEN: 'deviceDeleteForbidden',
  INSUFFICIENT_PERMISSION: 'insufficientPermission',
  NOT_FOUND: 'notFound',
  INTERNAL: 'internal',
  SERVICE_UNAVAILABLE: 'serviceUnavailable',
  GENERAL: 'general',
  LOGIN_FAILED: 'loginFailed',
  VPN_GENERATE_FAILED: 'vpnGenerateFailed',
  TOO_MANY_REQUESTS: 'tooManyRequests',
} as const;
export type HttpErrorKind = (typeof HttpErrorKind)[keyof typeof HttpErrorKind];

interface CatalogueEntry {
  /** HTTP status the code is normally sent with. */
  readonly status: number;
  /** i18n key of the message the user reads. */
  readonly messageKey: string;
  /** Other statuses the same code is sent with, and the message each one means. */
  readonly variants?: Readonly<Record<number, string>>;
  /**
   * A second line that explains the refusal with values the answer's `fields` carry, shown
   * when every one it names is there (e.g. the hub's allowed ports).
   */
  readonly detail?: { readonly key: string; readonly fields: readonly string[] };
}

/** Error 62/64 carry the hub's control ports as `fields.ports.{from,to}`. */
const HUB_PORTS_DETAIL = { key: 'errors.hubControlPortsAllowed', fields: ['ports.from', 'ports.to'] } as const;

export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, CatalogueEntry>> = {
  [ErrorCode.MISSING_VALUES]: { status: 400, messageKey: 'errors.missingValues' },
  [ErrorCode.FORGOT_RESET]: { status: 400, messageKey: 'errors.invalidResetToken' },
  [ErrorCode.BAD_QUERY_PARAMETER]: { status: 400, messageKey: 'errors.badQueryParameter' },
  [ErrorCode.INVALID_TOKEN]: {
    status: 400,
    messageKey: 'errors.invalidToken',
    variants: { 404: 'errors.environmentNotFound' },
  },
  [ErrorCode.INVALID_ID]: {
    status: 400,
    messageKey: 'errors.invalidId',
    variants: { 404: 'errors.idNotFound' },
  },
  [ErrorCode.LOGIN_LOCKED]: { status: 400, messageKey: 'errors.incorrectCredentialsAttempts' },
  [ErrorCode.ENV_NAME_EXISTS]: { status: 400, messageKey: 'errors.envNameExists' },
  [ErrorCode.USERNAME_EXISTS]: { status: 400, messageKey: 'errors.usernameExists' },
  [ErrorCode.EMAIL_EXISTS]: { status: 400, messageKey: 'errors.emailExists' },
  [ErrorCode.PASSWORD_NOT_VALID]: { status: 400, messageKey: 'errors.passwordNotValid' },
  [ErrorCode.LOGIN_REFUSED]: { status: 400, messageKey: 'errors.serverMessage' },
  [ErrorCode.GROUP_NAME_EXISTS]: { status: 400, messageKey: 'errors.groupNameExists' },
  [ErrorCode.DEVICE_NAME_EXISTS]: { status: 400, messageKey: 'errors.deviceNameExists' },
  [ErrorCode.DEVICE_PARAMETERS_EXIST]: { status: 400, messageKey: 'errors.deviceParametersExist' },
  [ErrorCode.DEVICE_PORT_RANGE_OVERLAP]: { status: 400, messageKey: 'errors.devicePortRangeOverlap' },
  [ErrorCode.DEVICE_IMPORT_INVALID]: { status: 400, messageKey: 'errors.invalidDevicesFile' },
  [ErrorCode.RULE_NAME_EXISTS]: { status: 400, messageKey: 'errors.ruleNameExists' },
  [ErrorCode.RULE_PARAMETERS_EXIST]: { status: 400, messageKey: 'errors.ruleParametersExist' },
  [ErrorCode.HUB_CONTROL_PORTS_UPDATE]: { status: 400, messageKey: 'errors.hubControlPortsUpdate', detail: HUB_PORTS_DETAIL },
  [ErrorCode.HUB_CONTROL_PORTS_ADD]: { status: 400, messageKey: 'errors.hubControlPortsAdd', detail: HUB_PORTS_DETAIL },
  [ErrorCode.VERSION_META_EXISTS]: { status: 400, messageKey: 'errors.versionMetaExists' },
  [ErrorCode.VPN_PROFILE_NAME_EXISTS]: { status: 400, messageKey: 'errors.vpnProfileNameExists' },
  [ErrorCode.DUPLICATE_CUSTOM_KEY]: { status: 400, messageKey: 'errors.customKeys' },
  [ErrorCode.CUSTOM_KEY_NOT_ALLOWED]: { status: 400, messageKey: 'errors.customKeys' },
  [ErrorCode.PRIVATE_PROFILE_CERTIFICATE]: { status: 400, messageKey: 'errors.privateProfileCertificate' },
  [ErrorCode.RF_RECORDING_DOWNLOAD]: { status: 400, messageKey: 'errors.rfRecordingDownload' },
  [ErrorCode.TWO_FACTOR_ALREADY_ACTIVE]: { status: 400, messageKey: 'errors.twoFactorAlreadyActive' },
  [ErrorCode.TWO_FACTOR_INVALID_OTP]: { status: 400, messageKey: 'errors.twoFactorInvalidOtp' },
  [ErrorCode.TWO_FACTOR_NOT_INITIATED]: { status: 400, messageKey: 'errors.twoFactorNotInitiated' },
  [ErrorCode.TWO_FACTOR_NOT_ACTIVE]: { status: 400, messageKey: 'errors.twoFactorNotActive' },
  [ErrorCode.TWO_FACTOR_DEACTIVATE_FAILURE]: { status: 400, messageKey: 'errors.twoFactorDeactivateFailure' },
};

/** Message keys of HTTP-level outcomes that carry no numeric code. */
export const HTTP_ERROR_MESSAGE_KEYS: Readonly<Record<HttpErrorKind, string>> = {
  unauthorized: 'errors.unauthorized',
  forbidden: 'errors.insufficientPermission',
  deviceUpdateForbidden: 'errors.deviceUpdateForbidden',
  deviceDeleteForbidden: 'errors.deviceDeleteForbidden',
  insufficientPermission: 'errors.insufficientPermission',
  notFound: 'errors.idNotFound',
  internal: 'errors.internal',
  serviceUnavailable: 'errors.serviceUnavailable',
  general: 'errors.general',
  loginFailed: 'errors.loginFailed',
  vpnGenerateFailed: 'errors.vpnGenerateFailed',
  tooManyRequests: 'errors.tooManyRequests',
};

const KNOWN_CODES: ReadonlySet<number> = new Set(Object.values(ErrorCode));

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'number' && KNOWN_CODES.has(value);
}

/**
 * The message key for an API answer: the numeric code's key (or its status variant) when
 * the body carries a known code, otherwise the HTTP-level key for the status.
 */
export function messageKeyFor(status: number, code?: unknown): string {
  if (isErrorCode(code)) {
    const entry = ERROR_CATALOGUE[code];
    return entry.variants?.[status] ?? entry.messageKey;
  }
  return HTTP_ERROR_MESSAGE_KEYS[httpErrorKindFor(status)];
}

export interface ErrorDetail {
  readonly key: string;
  /** The named fields' values, by their last path part (`ports.from` → `from`). */
  readonly params: Readonly<Record<string, string | number>>;
}

/** The explaining line of an answer, when its code has one and the answer carries its fields. */
export function errorDetailFor(code: unknown, fields: Readonly<Record<string, unknown>> | undefined): ErrorDetail | null {
  if (!isErrorCode(code)) return null;
  const detail = ERROR_CATALOGUE[code].detail;
  if (!detail || !fields) return null;
  const params: Record<string, string | number> = {};
  for (const path of detail.fields) {
    let value: unknown = fields;
    for (const part of path.split('.')) {
      value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
    }
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    params[path.split('.').at(-1) ?? path] = value;
  }
  return { key: detail.key, params };
}

export function httpErrorKindFor(status: number): HttpErrorKind {
  if (status === 401) return HttpErrorKind.UNAUTHORIZED;
  if (status === 403) return HttpErrorKind.FORBIDDEN;
  if (status === 404) return HttpErrorKind.NOT_FOUND;
  if (status === 429) return HttpErrorKind.TOO_MANY_REQUESTS;
  if (status === 500) return HttpErrorKind.INTERNAL;
  if (status === 502 || status === 503 || status === 504) return HttpErrorKind.SERVICE_UNAVAILABLE;
  return HttpErrorKind.GENERAL;
}
