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
      last_error: null,
      next_attempt_at: null,
      pending: 0,
    };
    const parsed = SatcomTargetResponseSchema.parse({ satcom_target: { ...target, api_key: 'leak' } });
    expect(parsed.satcom_target).toEqual(target);
  });
});
