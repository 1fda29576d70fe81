import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorBody, ApiErrorBodySchema } from './apiError.js';
import { ErrorCode } from './errorCatalogue.js';
import { errorDetailFor, httpErrorKindFor, isErrorCode, messageKeyFor } from './errorLookup.js';

describe('messageKeyFor', () => {
  it('answers the key of a known code on its usual status', () => {
    expect(messageKeyFor(400, ErrorCode.ENV_NAME_EXISTS)).toBe('errors.envNameExists');
    expect(messageKeyFor(400, ErrorCode.TWO_FACTOR_INVALID_OTP)).toBe('errors.twoFactorInvalidOtp');
  });

  it('answers the 404 variants of codes 5 and 6', () => {
    expect(messageKeyFor(400, ErrorCode.INVALID_TOKEN)).toBe('errors.invalidToken');
    expect(messageKeyFor(404, ErrorCode.INVALID_TOKEN)).toBe('errors.environmentNotFound');
    expect(messageKeyFor(400, ErrorCode.INVALID_ID)).toBe('errors.invalidId');
    expect(messageKeyFor(404, ErrorCode.INVALID_ID)).toBe('errors.idNotFound');
  });

  it('keeps the usual key for a code without a variant on another status', () => {
    expect(messageKeyFor(404, ErrorCode.GROUP_NAME_EXISTS)).toBe('errors.groupNameExists');
  });

  it('gives the two custom-key codes the same message', () => {
    expect(messageKeyFor(400, ErrorCode.DUPLICATE_CUSTOM_KEY)).toBe(
      messageKeyFor(400, ErrorCode.CUSTOM_KEY_NOT_ALLOWED),
    );
  });

  it.each([
    [400, 9999, 'errors.general'],
    [400, '20', 'errors.general'],
    [400, undefined, 'errors.general'],
    [401, 'unauthorized', 'errors.unauthorized'],
    [403, null, 'errors.insufficientPermission'],
    [404, -1, 'errors.idNotFound'],
    [429, undefined, 'errors.tooManyRequests'],
    [500, 20.5, 'errors.internal'],
    [503, undefined, 'errors.serviceUnavailable'],
    [418, '__proto__', 'errors.general'],
  ])('falls back to the HTTP-level key for status %i and unknown code %s', (status, code, key) => {
    expect(messageKeyFor(status, code)).toBe(key);
  });
});

describe('httpErrorKindFor and isErrorCode', () => {
  it('maps statuses to kinds', () => {
    expect(httpErrorKindFor(401)).toBe('unauthorized');
    expect(httpErrorKindFor(502)).toBe('serviceUnavailable');
    expect(httpErrorKindFor(409)).toBe('general');
  });

  it('knows catalogue codes only', () => {
    expect(isErrorCode(145)).toBe(true);
    expect(isErrorCode(146)).toBe(false);
    expect(isErrorCode('1')).toBe(false);
  });
});

describe('ApiError', () => {
  it('carries status, code and message of the body', () => {
    const error = new ApiError(400, apiErrorBody(ErrorCode.USERNAME_EXISTS, 'User exists'));
    expect(ApiError.is(error)).toBe(true);
    expect(error.status).toBe(400);
    expect(error.code).toBe(30);
    expect(error.message).toBe('User exists');
    expect(ApiError.is(new Error('x'))).toBe(false);
  });

  it('omits fields when there are none and parses a body with fields', () => {
    expect(apiErrorBody(ErrorCode.LOGIN_LOCKED, 'locked')).toEqual({ error: 10, message: 'locked' });
    const parsed = ApiErrorBodySchema.safeParse({ error: 10, message: 'locked', fields: { remaining_attempts: 2 } });
    expect(parsed.success).toBe(true);
    expect(ApiErrorBodySchema.safeParse({ message: 'no code' }).success).toBe(false);
  });
});

describe('errorDetailFor', () => {
  it('names the hub of error 64 and 62 with its port and control ports', () => {
    const fields = { hub_device_id: 4, hub_name: 'hub-west', port: 1030, ports: { from: 1120, to: 1159 } };
    for (const code of [ErrorCode.HUB_CONTROL_PORTS_ADD, ErrorCode.HUB_CONTROL_PORTS_UPDATE]) {
      expect(errorDetailFor(code, fields)).toEqual({
        key: 'errors.hubControlPortsAllowed',
        params: { hub_name: 'hub-west', port: 1030, from: 1120, to: 1159 },
      });
    }
    // An upstream that does not name the hub gets no line that would leave a blank.
    expect(errorDetailFor(ErrorCode.HUB_CONTROL_PORTS_ADD, { ports: { from: 1120, to: 1159 } })).toBeNull();
  });

  it('names the rule that already holds the parameters of error 61', () => {
    expect(errorDetailFor(ErrorCode.RULE_PARAMETERS_EXIST, { rule_id: 3, rule_name: 'video' })).toEqual({
      key: 'errors.ruleParametersExistRule',
      params: { rule_name: 'video' },
    });
    expect(errorDetailFor(ErrorCode.RULE_PARAMETERS_EXIST, undefined)).toBeNull();
  });
});
