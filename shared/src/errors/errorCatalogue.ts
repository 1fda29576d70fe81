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
  /** The product's own: the tenant holds as many environments as it may (HALO_TENANT_MAX_ENVIRONMENTS). */
  ENVIRONMENT_LIMIT_REACHED: 21,
  USERNAME_EXISTS: 30,
  EMAIL_EXISTS: 31,
  PASSWORD_NOT_VALID: 32,
  LOGIN_REFUSED: 33,
  GROUP_NAME_EXISTS: 40,
  DEVICE_NAME_EXISTS: 50,
  DEVICE_PARAMETERS_EXIST: 51,
  DEVICE_PORT_RANGE_OVERLAP: 52,
  DEVICE_IMPORT_INVALID: 53,
  /** The product's own: the environment's tenant holds as many devices as it may (HALO_ENVIRONMENT_MAX_DEVICES). */
  DEVICE_LIMIT_REACHED: 54,
  RULE_NAME_EXISTS: 60,
  RULE_PARAMETERS_EXIST: 61,
  HUB_CONTROL_PORTS_UPDATE: 62,
  HUB_CONTROL_PORTS_ADD: 64,
  VERSION_META_EXISTS: 70,
  /** The product's own: a firmware version devices are pinned to cannot be deleted. */
  VERSION_IN_USE: 71,
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
  /** The product's own: a heavy read ran past its time budget and was stopped (x-halo-extension). */
  QUERY_BUDGET_EXCEEDED: 150,
  /** The product's own: the environment has as many alarm webhooks as it may (issue 27). */
  ALARM_WEBHOOK_LIMIT_REACHED: 160,
  /** The product's own: the user keeps as many saved views of the screen as they may (issue 28). */
  SAVED_VIEW_LIMIT_REACHED: 170,
  /** The product's own: the environment holds as many items of a collection as it may (COLLECTION_CAPS, issue 37). */
  COLLECTION_LIMIT_REACHED: 180,
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

export interface Outcome {
  /** i18n key of the message the user reads. */
  readonly messageKey: string;
  /** The English message the API answers with unless a call says more. */
  readonly message: string;
}

interface CatalogueEntry extends Outcome {
  /** HTTP status the code is normally sent with. */
  readonly status: number;
  /** The form field the code is about, so a dialog can mark it as well as say it. */
  readonly field?: string;
  /** Other statuses the same code is sent with, and what each one means. */
  readonly variants?: Readonly<Record<number, Outcome>>;
  /**
   * A second line that explains the refusal with values the answer's `fields` carry, shown
   * when every one it names is there (e.g. the hub's allowed ports); of several, the first
   * whose fields are all there.
   */
  readonly detail?: CatalogueDetail | readonly CatalogueDetail[];
  /** A code the product adds to spec section 8 (x-halo-extension in the OpenAPI document). */
  readonly extension?: true;
}

export interface CatalogueDetail {
  readonly key: string;
  readonly fields: readonly string[];
  /** The API's own message when the answer carries the fields, `{{name}}` filled from them (by last path part). */
  readonly message?: string;
}

/**
 * Error 62/64 name the (first) hub whose port lies outside its control ports: `fields.hub_name`,
 * `fields.port` and `fields.ports.{from,to}`; `fields.hubs` lists every such hub. 82/83 carry the
 * keys as `fields.keys`.
 */
const HUB_PORTS_DETAIL = {
  key: 'errors.hubControlPortsAllowed',
  fields: ['hub_name', 'port', 'ports.from', 'ports.to'],
} as const;
const HUB_PORTS_MESSAGE = 'Hub control ports limitation';
const CUSTOM_KEYS_MESSAGE = 'Duplicate or not allowed custom keys';

/** Each code once: its status, what the user reads, what the API says and the field it concerns. */
export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, CatalogueEntry>> = {
  [ErrorCode.MISSING_VALUES]: { status: 400, messageKey: 'errors.missingValues', message: 'Required fields missing' },
  [ErrorCode.FORGOT_RESET]: {
    status: 400,
    messageKey: 'errors.invalidResetToken',
    message: 'Invalid or Expired password reset token used',
  },
  [ErrorCode.BAD_QUERY_PARAMETER]: {
    status: 400,
    messageKey: 'errors.badQueryParameter',
    message: 'Bad query parameter',
  },
  [ErrorCode.INVALID_TOKEN]: {
    status: 400,
    messageKey: 'errors.invalidToken',
    message: 'Invalid token',
    variants: { 404: { messageKey: 'errors.environmentNotFound', message: 'Environment not found' } },
  },
  [ErrorCode.INVALID_ID]: {
    status: 400,
    messageKey: 'errors.invalidId',
    message: 'Invalid id',
    variants: { 404: { messageKey: 'errors.idNotFound', message: 'ID not found' } },
  },
  [ErrorCode.LOGIN_LOCKED]: {
    status: 400,
    messageKey: 'errors.incorrectCredentialsAttempts',
    message: 'Incorrect username or password',
  },
  [ErrorCode.ENV_NAME_EXISTS]: {
    status: 400,
    messageKey: 'errors.envNameExists',
    message: 'Environment with given name already exists',
    field: 'environment_name',
  },
  [ErrorCode.ENVIRONMENT_LIMIT_REACHED]: {
    status: 400,
    messageKey: 'errors.environmentLimitReached',
    message: 'The environment cannot have more sub-environments',
    extension: true,
    detail: {
      key: 'errors.environmentLimit',
      fields: ['limit'],
      message: 'Its tree may hold {{limit}} sub-environments at any depth; delete one to add another',
    },
  },
  [ErrorCode.USERNAME_EXISTS]: {
    status: 400,
    messageKey: 'errors.usernameExists',
    message: 'User with given username already exists',
    field: 'username',
  },
  [ErrorCode.EMAIL_EXISTS]: {
    status: 400,
    messageKey: 'errors.emailExists',
    message: 'User with given email already exists',
    field: 'email',
  },
  [ErrorCode.PASSWORD_NOT_VALID]: {
    status: 400,
    messageKey: 'errors.passwordNotValid',
    message:
      'Password is invalid: 8 to 128 characters with an upper-case letter, a lower-case letter, a digit and a special character',
    field: 'password',
  },
  [ErrorCode.LOGIN_REFUSED]: { status: 400, messageKey: 'errors.serverMessage', message: 'Login refused' },
  [ErrorCode.GROUP_NAME_EXISTS]: {
    status: 400,
    messageKey: 'errors.groupNameExists',
    message: 'Group with given name already exists',
    field: 'name',
  },
  [ErrorCode.DEVICE_NAME_EXISTS]: {
    status: 400,
    messageKey: 'errors.deviceNameExists',
    message: 'Device name already exists',
    field: 'name',
  },
  [ErrorCode.DEVICE_PARAMETERS_EXIST]: {
    status: 400,
    messageKey: 'errors.deviceParametersExist',
    message: 'Device parameters already exists',
    field: 'pairing_id',
    // The device holding the pairing id is named when it is in the caller's environment; a
    // pairing id is unique in the whole installation, and another tenant's devices stay unnamed.
    detail: [
      {
        key: 'errors.deviceParametersHeld',
        fields: ['pairing_id', 'device'],
        message: 'A device with pairing id {{pairing_id}} already exists: {{device}}',
      },
      {
        key: 'errors.deviceParametersHeldElsewhere',
        fields: ['pairing_id'],
        message: 'A device with pairing id {{pairing_id}} already exists in another environment',
      },
    ],
  },
  [ErrorCode.DEVICE_PORT_RANGE_OVERLAP]: {
    status: 400,
    messageKey: 'errors.devicePortRangeOverlap',
    message: 'Device port range overlaps with other device',
    field: 'ports',
    detail: {
      key: 'errors.devicePortRangeHeld',
      fields: ['ports.from', 'ports.to', 'device'],
      message: 'Device port range overlaps with server {{device}}, which holds ports {{from}}-{{to}}',
    },
  },
  [ErrorCode.DEVICE_IMPORT_INVALID]: {
    status: 400,
    messageKey: 'errors.invalidDevicesFile',
    message: 'Invalid devices records file',
  },
  [ErrorCode.DEVICE_LIMIT_REACHED]: {
    status: 400,
    messageKey: 'errors.deviceLimitReached',
    message: 'The environment has reached its device limit',
    extension: true,
    // The limit holds over a tenant's whole tree: when other environments share it, the answer
    // says how many (`shared_with`), never which (a sub-environment's users may not see above it).
    detail: [
      {
        key: 'errors.deviceLimitShared',
        fields: ['limit', 'left', 'shared_with'],
        message:
          'This environment shares a limit of {{limit}} devices with {{shared_with}} other environments of its tree; {{left}} more can be added',
      },
      {
        key: 'errors.deviceLimitLeft',
        fields: ['limit', 'left'],
        message: 'This environment may hold {{limit}} devices; {{left}} more can be added',
      },
    ],
  },
  [ErrorCode.RULE_NAME_EXISTS]: {
    status: 400,
    messageKey: 'errors.ruleNameExists',
    message: 'Application Rule name already exists',
    field: 'name',
  },
  [ErrorCode.RULE_PARAMETERS_EXIST]: {
    status: 400,
    messageKey: 'errors.ruleParametersExist',
    message: 'Application Rule parameters already exists',
    // The rule that holds the same hosts and primary hub, named to those who may view rules.
    detail: { key: 'errors.ruleParametersExistRule', fields: ['rule_name'] },
  },
  [ErrorCode.HUB_CONTROL_PORTS_UPDATE]: {
    status: 400,
    messageKey: 'errors.hubControlPortsUpdate',
    message: HUB_PORTS_MESSAGE,
    detail: HUB_PORTS_DETAIL,
  },
  [ErrorCode.HUB_CONTROL_PORTS_ADD]: {
    status: 400,
    messageKey: 'errors.hubControlPortsAdd',
    message: HUB_PORTS_MESSAGE,
    detail: HUB_PORTS_DETAIL,
  },
  [ErrorCode.VERSION_META_EXISTS]: {
    status: 400,
    messageKey: 'errors.versionMetaExists',
    message: 'Device model with same FW already exists',
    field: 'version_definition',
  },
  [ErrorCode.VERSION_IN_USE]: {
    status: 400,
    messageKey: 'errors.versionInUse',
    message: 'Devices are pinned to this firmware version',
    detail: { key: 'errors.versionInUseDevices', fields: ['devices'] },
  },
  [ErrorCode.VPN_PROFILE_NAME_EXISTS]: {
    status: 400,
    messageKey: 'errors.vpnProfileNameExists',
    message: 'OpenVPN profile name exists',
    field: 'name',
  },
  [ErrorCode.DUPLICATE_CUSTOM_KEY]: {
    status: 400,
    messageKey: 'errors.customKeys',
    message: CUSTOM_KEYS_MESSAGE,
    detail: { key: 'errors.customKeysDuplicate', fields: ['keys'] },
  },
  [ErrorCode.CUSTOM_KEY_NOT_ALLOWED]: {
    status: 400,
    messageKey: 'errors.customKeys',
    message: CUSTOM_KEYS_MESSAGE,
    detail: { key: 'errors.customKeysNotAllowed', fields: ['keys'] },
  },
  [ErrorCode.PRIVATE_PROFILE_CERTIFICATE]: {
    status: 400,
    messageKey: 'errors.privateProfileCertificate',
    message: 'Certificates cannot be generated for a private profile',
  },
  [ErrorCode.RF_RECORDING_DOWNLOAD]: {
    status: 400,
    messageKey: 'errors.rfRecordingDownload',
    message: 'RF recording link broken or download failed',
  },
  [ErrorCode.TWO_FACTOR_ALREADY_ACTIVE]: {
    status: 400,
    messageKey: 'errors.twoFactorAlreadyActive',
    message: '2FA already active',
  },
  [ErrorCode.TWO_FACTOR_INVALID_OTP]: { status: 400, messageKey: 'errors.twoFactorInvalidOtp', message: 'Invalid OTP' },
  [ErrorCode.TWO_FACTOR_NOT_INITIATED]: {
    status: 400,
    messageKey: 'errors.twoFactorNotInitiated',
    message: '2FA not initiated',
  },
  [ErrorCode.TWO_FACTOR_NOT_ACTIVE]: {
    status: 400,
    messageKey: 'errors.twoFactorNotActive',
    message: '2FA not active',
  },
  [ErrorCode.TWO_FACTOR_DEACTIVATE_FAILURE]: {
    status: 400,
    messageKey: 'errors.twoFactorDeactivateFailure',
    message: '2FA deactivate failure',
  },
  [ErrorCode.QUERY_BUDGET_EXCEEDED]: {
    status: 503,
    messageKey: 'errors.queryBudgetExceeded',
    extension: true,
    message: 'The query took longer than its budget and was stopped',
    detail: {
      key: 'errors.queryBudgetExceededSeconds',
      fields: ['budget_s'],
      message: 'The query took longer than its {{budget_s}} s budget and was stopped; narrow the filter or the dates.',
    },
  },
  [ErrorCode.ALARM_WEBHOOK_LIMIT_REACHED]: {
    status: 400,
    messageKey: 'errors.alarmWebhookLimitReached',
    message: 'The environment has as many alarm webhooks as it may',
    extension: true,
    detail: {
      key: 'errors.alarmWebhookLimit',
      fields: ['limit'],
      message: 'An environment may have {{limit}} alarm webhooks; delete one to add another',
    },
  },
  [ErrorCode.SAVED_VIEW_LIMIT_REACHED]: {
    status: 400,
    messageKey: 'errors.savedViewLimitReached',
    message: 'You keep as many saved views of this screen as you may',
    extension: true,
    detail: {
      key: 'errors.savedViewLimit',
      fields: ['limit'],
      message: 'You may keep {{limit}} saved views of a screen; delete one to save another',
    },
  },
  [ErrorCode.COLLECTION_LIMIT_REACHED]: {
    status: 400,
    messageKey: 'errors.collectionLimitReached',
    message: 'The environment holds as many of these as it may',
    extension: true,
    detail: {
      key: 'errors.collectionLimit',
      fields: ['limit'],
      message: 'An environment may hold {{limit}} of these; delete one to add another',
    },
  },
};

interface HttpOutcome extends Outcome {
  readonly status: number;
}

/** HTTP-level outcomes that carry no numeric code: status, what the user reads, what the API says. */
export const HTTP_ERRORS: Readonly<Record<HttpErrorKind, HttpOutcome>> = {
  unauthorized: { status: 401, messageKey: 'errors.unauthorized', message: 'Authentication required' },
  forbidden: { status: 403, messageKey: 'errors.insufficientPermission', message: 'Insufficient permission level' },
  deviceUpdateForbidden: {
    status: 403,
    messageKey: 'errors.deviceUpdateForbidden',
    message: 'You are not permitted to update this device',
  },
  deviceDeleteForbidden: {
    status: 403,
    messageKey: 'errors.deviceDeleteForbidden',
    message: 'You are not permitted to delete this device',
  },
  insufficientPermission: {
    status: 403,
    messageKey: 'errors.insufficientPermission',
    message: 'Insufficient permission level',
  },
  notFound: { status: 404, messageKey: 'errors.idNotFound', message: 'Not found' },
  internal: { status: 500, messageKey: 'errors.internal', message: 'Internal Server Error' },
  serviceUnavailable: { status: 503, messageKey: 'errors.serviceUnavailable', message: 'Service unavailable' },
  general: { status: 400, messageKey: 'errors.general', message: 'Something went wrong' },
  loginFailed: { status: 400, messageKey: 'errors.loginFailed', message: 'Login failed' },
  vpnGenerateFailed: {
    status: 500,
    messageKey: 'errors.vpnGenerateFailed',
    message: 'Certificate generation failed, verify service availability',
  },
  tooManyRequests: { status: 429, messageKey: 'errors.tooManyRequests', message: 'Too many requests' },
};
