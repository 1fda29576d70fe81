import { describe, expect, it } from 'vitest';
import { SatcomTargetResponseSchema, SatcomTargetUpdateSchema } from './satcomTarget.js';

const body = (url: unknown, api_key: unknown = 'k-123') => ({ satcom_target: { url, api_key } });

describe('SatcomTargetUpdateSchema', () => {
  it.each(['https://satcom.example.com/hook', 'http://10.0.0.5:8080/in'])('accepts %s', (url) => {
    expect(SatcomTargetUpdateSchema.safeParse(body(url)).success).toBe(true);
  });

  it.each(['ftp://satcom.example.com', 'javascript:alert(1)', 'satcom.example.com', 'https://'])(
    'refuses %s',
    (url) => {
      expect(SatcomTargetUpdateSchema.safeParse(body(url)).error?.issues[0]?.message).toBe('validation.invalid');
    },
  );

  it('requires the url, and takes the key or keeps the stored one', () => {
    expect(SatcomTargetUpdateSchema.safeParse(body('')).error?.issues.map((issue) => issue.message)).toEqual([
      'validation.required',
    ]);
    expect(
      SatcomTargetUpdateSchema.safeParse(body(`https://a.example/${'x'.repeat(2048)}`)).error?.issues.map(
        (issue) => issue.message,
      ),
    ).toEqual(['validation.maxLength']);
    expect(SatcomTargetUpdateSchema.safeParse(body('https://a.example', '')).error?.issues[0]?.message).toBe(
      'validation.required',
    );
    expect(SatcomTargetUpdateSchema.safeParse({ satcom_target: { url: 'https://a.example' } }).success).toBe(true);
    expect(SatcomTargetUpdateSchema.safeParse(body('https://a.example', null)).success).toBe(true);
    expect(SatcomTargetUpdateSchema.safeParse(body('https://a.example', 'k\r\nX-Evil: 1')).success).toBe(false);
  });

  it('normalises the URL: trimmed, then its WHATWG serialisation (host in lower case, default port dropped)', () => {
    const url = (typed: string) => SatcomTargetUpdateSchema.parse(body(typed)).satcom_target.url;
    expect(url(' \r\n\tHTTPS://Satcom.EXAMPLE.com:443/in?batch=1\r\n ')).toBe('https://satcom.example.com/in?batch=1');
    expect(url('http://10.0.0.5:8080')).toBe('http://10.0.0.5:8080/');
    // Four dotted numbers in another spelling are read as the parser reads them.
    expect(url('http://2130706433/in')).toBe('http://127.0.0.1/in');
  });

  it.each([
    'https://satcom.exa\r\nmple.com/in',
    'https://satcom.example.com/i\tn',
    'https://satcom.example.com/a b',
    'https://satcom.example.com/\u0000',
  ])('refuses %j: a blank or control character inside', (url) => {
    expect(SatcomTargetUpdateSchema.safeParse(body(url)).error?.issues.map((issue) => issue.message)).toEqual([
      'validation.invalidCharacters',
    ]);
  });

  it('refuses unknown fields', () => {
    expect(
      SatcomTargetUpdateSchema.safeParse({ satcom_target: { url: 'https://a.example', api_key: 'k', secret: 1 } })
        .success,
    ).toBe(false);
  });
});

describe('SatcomTargetResponseSchema', () => {
  it('never carries the key back', () => {
    const target = {
      url: 'https://a.example',
      has_api_key: true,
      link_status: 3,
      checked: true,
      last_transmitted_at: null,
      last_error: 'refusedStatus:503',
      next_attempt_at: null,
      pending: 0,
    };
    const parsed = SatcomTargetResponseSchema.parse({ satcom_target: { ...target, api_key: 'leak' } });
    expect(parsed.satcom_target).toEqual(target);
  });

  it('carries the last error as a generic reason code, never free text', () => {
    const answered = (last_error: string | null) =>
      SatcomTargetResponseSchema.safeParse({
        satcom_target: {
          url: 'https://a.example',
          has_api_key: true,
          link_status: 2,
          checked: true,
          last_transmitted_at: null,
          last_error,
          next_attempt_at: null,
          pending: 0,
        },
      }).success;
    expect(answered('addressRefused:loopback')).toBe(true);
    expect(answered(null)).toBe(true);
    expect(answered('DNS lookup 127.0.0.1(family:4, host:vm) is not allowed')).toBe(false);
  });
});
