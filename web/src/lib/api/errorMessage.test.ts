import { ApiError } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { errorMessageKey } from './errorMessage';

describe('errorMessageKey', () => {
  it('gives the two device 403s their own messages and any other 403 the general one', () => {
    expect(errorMessageKey(new ApiError(403, { error: 'deviceUpdateForbidden', message: 'x' }))).toBe(
      'errors.deviceUpdateForbidden',
    );
    expect(errorMessageKey(new ApiError(403, { error: 'deviceDeleteForbidden', message: 'x' }))).toBe(
      'errors.deviceDeleteForbidden',
    );
    expect(errorMessageKey(new ApiError(403, { error: 'forbidden', message: 'x' }))).toBe(
      'errors.insufficientPermission',
    );
  });

  it('keeps the catalogue codes and the unreachable service', () => {
    expect(errorMessageKey(new ApiError(400, { error: 52, message: 'x' }))).toBe('errors.devicePortRangeOverlap');
    expect(errorMessageKey(new ApiError(0, { error: 'serviceUnavailable', message: 'x' }))).toBe(
      'errors.serviceUnavailable',
    );
    expect(errorMessageKey(new Error('x'))).toBe('errors.general');
  });
});
