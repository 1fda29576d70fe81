import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './originCheck.js';

const policy = { publicUrl: 'https://console.example', allowedOrigins: ['https://ops.example'] };

describe('isAllowedOrigin', () => {
  it('allows the public URL, the extra origins and the same host', () => {
    expect(isAllowedOrigin('https://console.example', 'gw:8080', policy)).toBe(true);
    expect(isAllowedOrigin('https://ops.example', 'gw:8080', policy)).toBe(true);
    expect(isAllowedOrigin('http://gw:8080', 'gw:8080', policy)).toBe(true);
  });

  it('refuses other origins and garbage', () => {
    expect(isAllowedOrigin('https://evil.example', 'gw:8080', policy)).toBe(false);
    expect(isAllowedOrigin('https://console.example.evil.example', 'gw:8080', policy)).toBe(false);
    expect(isAllowedOrigin('null', 'gw:8080', policy)).toBe(false);
    expect(isAllowedOrigin('http://gw:8081', 'gw:8080', policy)).toBe(false);
  });

  it('leaves non-browser clients (no Origin) to the token check', () => {
    expect(isAllowedOrigin(undefined, 'gw:8080', policy)).toBe(true);
  });

  it('with no public URL set, allows only the request’s own host and the configured origins', () => {
    const unset = { publicUrl: undefined, allowedOrigins: [] };
    expect(isAllowedOrigin('https://anything.example', 'gw:8080', unset)).toBe(false);
    expect(isAllowedOrigin('http://localhost:8080', 'localhost:8080', unset)).toBe(true);
    expect(isAllowedOrigin('http://localhost:5173', 'localhost:8080', unset)).toBe(false);
    expect(
      isAllowedOrigin('https://ops.example', 'gw:8080', {
        publicUrl: undefined,
        allowedOrigins: ['https://ops.example'],
      }),
    ).toBe(true);
  });
});
