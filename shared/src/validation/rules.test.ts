import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  firstProblem,
  formatDateFilter,
  isHostAddress,
  isIpv4,
  isIsoDate,
  isLocaleCode,
  isOtpCode,
  isSubnetMask,
  maxLength,
  required,
  sanitizeOtpInput,
  validDevicePort,
  validEmail,
  validHostAddress,
  validIdleTimeout,
  validIpv4,
  validDisplayName,
  validName,
  validOtp,
  validPassword,
  validPort,
  validPortRange,
  validRedundancyPercentage,
  validReorder,
  validSubnetMask,
} from './rules.js';
import { ruleCheck } from './zodRules.js';

const passwordOfLength = (length: number) => 'Aa1!'.padEnd(length, 'x');

describe('validPassword', () => {
  it('refuses 7 characters and accepts 8', () => {
    expect(validPassword(passwordOfLength(7), 'password')).toEqual({ key: 'validation.password', params: [] });
    expect(validPassword(passwordOfLength(8), 'password')).toBeNull();
  });

  it('accepts 128 characters and refuses 129', () => {
    expect(validPassword(passwordOfLength(128), 'password')).toBeNull();
    expect(validPassword(passwordOfLength(129), 'password')?.key).toBe('validation.password');
  });

  it.each([
    ['no upper-case letter', 'abcdef1!'],
    ['no lower-case letter', 'ABCDEF1!'],
    ['no digit', 'Abcdefg!'],
    ['no special character', 'Abcdefg1'],
  ])('refuses a password with %s', (_, password) => {
    expect(validPassword(password, 'password')?.key).toBe('validation.password');
  });

  it('counts a space as the special character', () => {
    expect(validPassword('Abc def1', 'password')).toBeNull();
  });

  it('reports a missing or non-string password as required, naming the field', () => {
    expect(validPassword('', 'password')).toEqual({ key: 'validation.required', params: ['password'] });
    expect(validPassword(undefined, 'password')?.key).toBe('validation.required');
    expect(validPassword(12345678, 'password')?.key).toBe('validation.required');
  });
});

describe('IPv4 addresses', () => {
  it.each(['0.0.0.0', '10.0.0.1', '255.255.255.255', '192.168.1.255'])('accepts %s', (address) => {
    expect(isIpv4(address)).toBe(true);
    expect(validIpv4(address, 'ip')).toBeNull();
  });

  it.each([
    ['an octet of 256', '192.168.1.256'],
    ['a leading dot', '.192.168.1.1'],
    ['three octets', '192.168.1'],
    ['five octets', '192.168.1.1.1'],
    ['a trailing dot', '192.168.1.1.'],
    ['letters', '192.168.a.1'],
    ['a negative octet', '192.168.-1.1'],
    ['inner spaces', '192.168. 1.1'],
    ['leading zeros', '192.168.01.1'],
  ])('refuses %s', (_, address) => {
    expect(isIpv4(address)).toBe(false);
    expect(validIpv4(address, 'ip')).toEqual({ key: 'validation.invalid', params: ['ip'] });
  });

  it('refuses non-strings and reports blanks as required', () => {
    expect(isIpv4(3232235777)).toBe(false);
    expect(isIpv4(null)).toBe(false);
    expect(validIpv4('  ', 'ip')?.key).toBe('validation.required');
  });
});

describe('subnet masks', () => {
  it.each(['255.255.255.0', '255.255.0.0', '255.255.255.252', '255.255.255.255', '0.0.0.0', '128.0.0.0'])(
    'accepts the contiguous mask %s',
    (mask) => {
      expect(isSubnetMask(mask)).toBe(true);
      expect(validSubnetMask(mask, 'subnet_mask')).toBeNull();
    },
  );

  it.each(['255.0.255.0', '255.255.255.1', '0.255.255.255', '255.255.253.0', '255.255.255.256'])(
    'refuses the non-contiguous or malformed mask %s',
    (mask) => {
      expect(isSubnetMask(mask)).toBe(false);
      expect(validSubnetMask(mask, 'subnet_mask')?.key).toBe('validation.invalid');
    },
  );
});

describe('validName', () => {
  it.each(['device_1', 'Edge-Router', 'A', 'abc123'])('accepts %s', (name) => {
    expect(validName(name, 'name')).toBeNull();
  });

  it.each([
    ['a space', 'my device'],
    ['an accent', 'café'],
    ['a dot', 'a.b'],
    ['a leading space', ' name'],
    ['an emoji', 'dev😀'],
  ])('refuses a name with %s', (_, name) => {
    expect(validName(name, 'name')).toEqual({ key: 'validation.invalidCharacters', params: ['name'] });
  });

  it('reports an empty name as required', () => {
    expect(validName('', 'name')?.key).toBe('validation.required');
  });
});

describe('one-time codes', () => {
  it('accepts exactly 7 digits', () => {
    expect(isOtpCode('1234567')).toBe(true);
    expect(validOtp('0000000', 'otp_code')).toBeNull();
  });

  it.each([
    ['6 digits', '123456'],
    ['8 digits', '12345678'],
    ['a letter', '12345a7'],
    ['a space', '123 4567'],
  ])('refuses %s', (_, code) => {
    expect(isOtpCode(code)).toBe(false);
    expect(validOtp(code, 'otp_code')?.key).toBe('validation.invalid');
  });

  it('refuses a number and reports an empty code as required', () => {
    expect(isOtpCode(1234567)).toBe(false);
    expect(validOtp('', 'otp_code')?.key).toBe('validation.required');
  });

  it('sanitizeOtpInput keeps digits only and at most seven of them', () => {
    expect(sanitizeOtpInput('12a3-4 5')).toBe('12345');
    expect(sanitizeOtpInput('123456789')).toBe('1234567');
    expect(sanitizeOtpInput('abc')).toBe('');
    expect(sanitizeOtpInput('١٢٣')).toBe('');
  });
});

describe('validRedundancyPercentage', () => {
  it('refuses -1 with at-least 0 and 1001 with not-exceed 1000', () => {
    expect(validRedundancyPercentage(-1, 'p')).toEqual({ key: 'validation.atLeast', params: [0] });
    expect(validRedundancyPercentage(1001, 'p')).toEqual({ key: 'validation.notExceed', params: [1000] });
  });

  it('accepts 0 and 1000', () => {
    expect(validRedundancyPercentage(0, 'p')).toBeNull();
    expect(validRedundancyPercentage(1000, 'p')).toBeNull();
  });

  it('refuses fractions and words, stating the range', () => {
    expect(validRedundancyPercentage(10.5, 'p')?.key).toBe('validation.wholeNumberRange');
    expect(validRedundancyPercentage('ten', 'p')?.key).toBe('validation.wholeNumberRange');
  });
});

describe('device ports', () => {
  it('refuses 1023 and 49152, accepts 1024 and 49151', () => {
    expect(validDevicePort(1023, 'from')).toEqual({ key: 'validation.portRange', params: [1024, 49151] });
    expect(validDevicePort(1024, 'from')).toBeNull();
    expect(validDevicePort(49151, 'to')).toBeNull();
    expect(validDevicePort(49152, 'to')?.key).toBe('validation.portRange');
  });

  it('refuses non-integers', () => {
    expect(validDevicePort(2048.5, 'from')?.key).toBe('validation.portRange');
    expect(validDevicePort('20x', 'from')?.key).toBe('validation.portRange');
    expect(validDevicePort(Number.NaN, 'from')?.key).toBe('validation.portRange');
  });

  it('refuses a range whose start lies above its end', () => {
    expect(validPortRange(2000, 1999)?.key).toBe('validation.portRange');
    expect(validPortRange(2000, 2000)).toBeNull();
    expect(validPortRange(1023, 2000)?.key).toBe('validation.portRange');
  });
});

describe('other rules', () => {
  it('validPort accepts 1-65535 only', () => {
    expect(validPort(0, 'port')).toEqual({ key: 'validation.portRange', params: [1, 65535] });
    expect(validPort(1, 'port')).toBeNull();
    expect(validPort(65535, 'port')).toBeNull();
    expect(validPort(65536, 'port')?.key).toBe('validation.portRange');
  });

  it('validReorder accepts 0 and the reorder range only', () => {
    expect(validReorder(0, 'reorder')).toBeNull();
    expect(validReorder(1, 'reorder')).toBeNull();
    expect(validReorder(1000, 'reorder')).toBeNull();
  });

  it.each([1001, -1, 0.5])('validReorder refuses %s stating the values it takes: 0, or 1-1000', (value) => {
    expect(validReorder(value, 'reorder')).toEqual({ key: 'validation.reorder', params: ['reorder', 1, 1000] });
  });

  it('the redundancy percentage states its range when it is not a whole number', () => {
    expect(validRedundancyPercentage(1.5, 'redundancy_percentage')).toEqual({
      key: 'validation.wholeNumberRange',
      params: ['redundancy_percentage', 0, 1000],
    });
  });

  it('validIdleTimeout reports the range as {0}-{1} minutes', () => {
    expect(validIdleTimeout(0, 'idle')).toEqual({ key: 'validation.timeoutRange', params: [1, 1440] });
    expect(validIdleTimeout(1, 'idle')).toBeNull();
    expect(validIdleTimeout(1441, 'idle')?.key).toBe('validation.timeoutRange');
  });

  it('isHostAddress accepts IPv4 and DNS names but not broken addresses', () => {
    expect(isHostAddress('vpn.example.com')).toBe(true);
    expect(isHostAddress('10.1.2.3')).toBe(true);
    expect(isHostAddress('256.1.1.1')).toBe(false);
    expect(isHostAddress('-bad.example')).toBe(false);
    expect(isHostAddress('has space.example')).toBe(false);
    expect(validHostAddress('', 'server_address')?.key).toBe('validation.required');
  });

  it('validEmail, required and maxLength', () => {
    expect(validEmail('a@b.io', 'email')).toBeNull();
    expect(validEmail('a@b', 'email')?.key).toBe('validation.invalid');
    expect(required([], 'hosts')?.key).toBe('validation.required');
    expect(required(0, 'count')).toBeNull();
    expect(maxLength(3)('abcd', 'x')).toEqual({ key: 'validation.maxLength', params: [3] });
    expect(maxLength(3)('abc', 'x')).toBeNull();
  });

  it('locale codes are two lower-case letters, a hyphen and two upper-case letters', () => {
    expect(isLocaleCode('he-IL')).toBe(true);
    expect(isLocaleCode('en-us')).toBe(false);
    expect(isLocaleCode('eng-US')).toBe(false);
  });

  it('dates are real YYYY-MM-DD days and a date list is one date or first,last', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-2-1')).toBe(false);
    expect(formatDateFilter([])).toBe('');
    expect(formatDateFilter(['2024-01-01'])).toBe('2024-01-01');
    expect(formatDateFilter(['2024-01-01', '2024-01-05', '2024-01-09'])).toBe('2024-01-01,2024-01-09');
  });

  it('firstProblem answers the first failing rule', () => {
    expect(firstProblem('', 'name', required, validName)?.key).toBe('validation.required');
    expect(firstProblem('a b', 'name', required, validName)?.key).toBe('validation.invalidCharacters');
    expect(firstProblem('ab', 'name', required, validName)).toBeNull();
  });
});

describe('ruleCheck', () => {
  it('turns a rule into a zod issue whose message is the rule key and keeps its params', () => {
    const schema = z.number().superRefine(ruleCheck(validDevicePort, 'from'));
    const result = schema.safeParse(80);
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.message).toBe('validation.portRange');
    expect((issue as { params?: { params: unknown[] } }).params?.params).toEqual([1024, 49151]);
    expect(schema.safeParse(8080).success).toBe(true);
  });
});

describe('validDisplayName', () => {
  it('refuses controls, bidi overrides, embeddings and isolates, and lone surrogates; takes any script and emoji', () => {
    const unsafe = [
      'a\r\nb',
      'a\tb',
      '\u0001',
      '\u009f',
      '\u007f',
      '\u2028',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
      'a\ud800',
      '\udc00a',
      'a\ud800b',
    ];
    for (const name of unsafe)
      expect(validDisplayName(name, 'name'), JSON.stringify(name)).toEqual({
        key: 'validation.nameCharacters',
        params: ['name'],
      });
    for (const name of ['North', 'צפון \u200fמזרח', 'Café', '😀 wall', '\u200eWest', 'a b'])
      expect(validDisplayName(name, 'name'), JSON.stringify(name)).toBeNull();
  });
});
