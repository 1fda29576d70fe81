import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldProblems } from '../validation/zodRules.js';
import { validCertificateCn, VpnCertificateRequestSchema, vpnCertificateFileName } from './vpnCertificate.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);
const request = { certificationType: 1, certificateCN: 'drone-17', profileId: 4 };

describe('VpnCertificateRequestSchema', () => {
  it('accepts a complete request', () => {
    expect(VpnCertificateRequestSchema.parse(request)).toEqual(request);
  });

  it.each(['certificationType', 'certificateCN', 'profileId'] as const)('requires %s', (field) => {
    const { [field]: _dropped, ...rest } = request;
    expect(messages(VpnCertificateRequestSchema.safeParse(rest))).toEqual(['validation.required']);
  });

  it('refuses a blank CN, an unknown type and a bad profile id', () => {
    expect(messages(VpnCertificateRequestSchema.safeParse({ ...request, certificateCN: '   ' }))).toEqual([
      'validation.required',
    ]);
    expect(messages(VpnCertificateRequestSchema.safeParse({ ...request, certificationType: 2 }))).toEqual([
      'validation.invalid',
    ]);
    expect(messages(VpnCertificateRequestSchema.safeParse({ ...request, profileId: 0 }))).toEqual([
      'validation.invalid',
    ]);
  });

  it('refuses CN characters that could break a file name or a subject, naming the allowed set and the limit', () => {
    for (const cn of ['a/b', 'a,b', 'CN=x', 'drone 17', 'é', 'a"b']) {
      const result = VpnCertificateRequestSchema.safeParse({ ...request, certificateCN: cn });
      expect(result.success).toBe(false);
      expect(fieldProblems(result.error!)).toEqual([
        { path: 'certificateCN', key: 'validation.certificateCnCharacters', params: ['certificateCN', 64] },
      ]);
    }
    expect(validCertificateCn('A-z_0.9@x', 'certificateCN')).toBeNull();
    expect(messages(VpnCertificateRequestSchema.safeParse({ ...request, certificateCN: 'x'.repeat(65) }))).toEqual([
      'validation.maxLength',
    ]);
  });

  it('refuses unknown fields', () => {
    expect(VpnCertificateRequestSchema.safeParse({ ...request, validityDays: 3650 }).success).toBe(false);
  });

  it('names the file after the CN', () => {
    expect(vpnCertificateFileName('drone-17')).toBe('drone-17.ovpn');
    expect(vpnCertificateFileName('../x')).toBe('.._x.ovpn');
  });
});
